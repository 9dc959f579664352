import { vi } from 'vitest';

/** A face as the detector finds it, in the photo's pixels. */
interface FoundFace {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * face-api and the device's WebGL in every web test (setup.ts mocks both modules with this). happy-dom
 * has no WebGL, so by default neither has the device and the editor works without faces; a test that
 * wants faces turns WebGL on and says what the detector finds. One mock for all the files: the modules
 * that import the detector are shared by the files of a worker (isolate: false), so a file's own mock
 * reached only the first file that loaded them, and the faces tests failed in a whole run.
 */
export const fakeFaceDetector = {
  hasWebGl: vi.fn<() => boolean>(),
  detectFaces: vi.fn<(image: HTMLImageElement) => Promise<FoundFace[]>>(),
};

export function resetFakeFaceDetector(): void {
  fakeFaceDetector.hasWebGl.mockReset().mockReturnValue(false);
  fakeFaceDetector.detectFaces.mockReset().mockResolvedValue([]);
}
