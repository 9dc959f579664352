import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFaceDetector } from '@/test/fake-face-detector';
import { DecodedImage } from '../test/editor-harness';
import type { FaceBox } from './face-suggestions';
import { FACE_SEARCH_TIME_LIMIT_MS, findFacesOnDevice } from './find-faces';

// face-api and WebGL are the fake every web test shares (test/setup.ts).
const detector = fakeFaceDetector;

const aFace: FaceBox = { x: 1, y: 2, width: 3, height: 4 };

beforeEach(() => {
  vi.stubGlobal('Image', DecodedImage);
  detector.hasWebGl.mockReturnValue(true);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('faces are looked for on the device, and never hold the editor up', () => {
  it('gives the faces the detector found on the decoded photo', async () => {
    detector.detectFaces.mockResolvedValue([aFace]);
    await expect(findFacesOnDevice('blob:photo')).resolves.toEqual([aFace]);
    expect(detector.detectFaces).toHaveBeenCalledWith(expect.objectContaining({ naturalWidth: 1200 }));
  });

  it('gives none when the detector fails', async () => {
    detector.detectFaces.mockRejectedValue(new Error('weights not found'));
    await expect(findFacesOnDevice('blob:photo')).resolves.toEqual([]);
  });

  it('gives none once the time limit has passed', async () => {
    vi.useFakeTimers();
    detector.detectFaces.mockReturnValue(new Promise(() => undefined));
    const search = findFacesOnDevice('blob:photo');
    let settled = false;
    void search.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(FACE_SEARCH_TIME_LIMIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(search).resolves.toEqual([]);
  });
});
