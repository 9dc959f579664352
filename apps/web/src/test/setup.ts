import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { loadAntdScope } from '@/components/antd-loader';
import { resetFakeFaceDetector } from './fake-face-detector';
import { FakeSocket } from './fake-socket';
import { mockFetch } from './fetch-mock';

// A lazy screen's first render imports its chunk: seconds on a loaded 2-core machine, not the default 1 s.
configure({ asyncUtilTimeout: 15_000 });

// antd reads media queries (responsive grid, breakpoints); every query answers "no match".
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// happy-dom has no CSS.registerProperty, which the compare slider calls (and logs about) on import.
globalThis.CSS = { ...globalThis.CSS, registerProperty: () => undefined };

// The app loads Ant Design's providers with the first part that needs them, then mounts itself again
// inside them (decision 29); loaded here, every screen under test renders inside them from the start.
await loadAntdScope();

// No test opens a real realtime connection: sockets are fakes a test can drive.
vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('./fake-socket');
  return { io: (uri: string, options: Record<string, unknown>) => new FakeSocket(uri, options) };
});

// No test draws the editor's Konva stage (happy-dom has no canvas): one stand-in for all files.
vi.mock('@/features/editor/components/editor-canvas', async () => {
  const { FakeEditorCanvas } = await import('@/features/editor/test/editor-harness');
  return { EditorCanvas: FakeEditorCanvas };
});

// Nor the moderator's drawing stage (Konva too): one stand-in for all files, since the files of a worker
// share their modules (isolate: false) and a file's own mock reached only the first file that loaded it.
vi.mock('@/features/moderator-workplace/components/drawing-stage', async () => {
  const { FakeDrawingStage } = await import('@/features/moderator-workplace/test/fake-drawing-stage');
  return { DrawingStage: FakeDrawingStage };
});

// No test runs face-api (it needs WebGL): the detector and the device's WebGL are one fake for all files.
vi.mock('@/features/editor/faces/face-detector', async () => {
  const { fakeFaceDetector } = await import('./fake-face-detector');
  return { detectFaces: (image: HTMLImageElement) => fakeFaceDetector.detectFaces(image) };
});
vi.mock('@/features/editor/faces/device-support', async () => {
  const { fakeFaceDetector } = await import('./fake-face-detector');
  return { hasWebGl: () => fakeFaceDetector.hasWebGl() };
});

// A frame (the crypto invoice) loads a blank page answered here: happy-dom refuses to load frames by
// default and printed a DOMException with a stack naming http://localhost:3000. Only happy-dom's own
// loading passes through this; the app's requests go to the fetch mock below.
interface HappyDomWindow {
  happyDOM: {
    settings: {
      enableIframePageLoading: boolean;
      fetch: {
        interceptor: {
          beforeAsyncRequest: (context: { window: { Response: typeof Response } }) => Promise<Response>;
        } | null;
      };
    };
  };
}
const { settings: happyDomSettings } = (window as unknown as HappyDomWindow).happyDOM;
happyDomSettings.enableIframePageLoading = true;
happyDomSettings.fetch.interceptor = {
  beforeAsyncRequest: async ({ window: frameWindow }) =>
    new frameWindow.Response('<!doctype html><title>Frame</title>', {
      headers: { 'content-type': 'text/html' },
    }),
};

// No test reaches a server: until a test mocks its own answers, every fetch answers 404 'Not mocked'
// (happy-dom would try http://localhost:3000 and log the refused connection).
// A browser's own stylesheet gives a textarea its padding and border; happy-dom's gives none, so Ant
// Design's auto-sizing TextArea measured NaN and React warned "`NaN` is an invalid value for the
// `height` css style property". The head is emptied after each test, so this goes in before each.
const USER_AGENT_STYLES =
  'textarea { padding-top: 2px; padding-bottom: 2px; border-top-width: 1px; border-bottom-width: 1px; box-sizing: border-box; }';

beforeEach(() => {
  mockFetch({});
  resetFakeFaceDetector();
  const styles = document.createElement('style');
  styles.textContent = USER_AGENT_STYLES;
  document.head.append(styles);
});

afterEach(() => {
  cleanup();
  // The test files of a worker share one document (isolate: false): what a page left in <head> (a
  // <title> that document.title created) must not reach the next file.
  document.head.replaceChildren();
  FakeSocket.created = [];
  // Nor what a test stored: a designer's search intent (sessionStorage) opened the next file's cabinet
  // searching.
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
