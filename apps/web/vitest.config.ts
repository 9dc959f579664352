import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'happy-dom',
      // A click on a download link must not move the shared window to a blob: address (a browser
      // saves the file instead); the app's own navigation is the router's.
      environmentOptions: {
        happyDOM: {
          settings: { navigation: { disableMainFrameNavigation: true, disableFallbackToSetURL: true } },
        },
      },
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      // Ant Design renders slowly in happy-dom on two cores; a limit, not a timing assertion.
      testTimeout: 60_000,
      // Each file importing Ant Design afresh cost about 4 s; the files of a worker share the imports.
      // setup.ts resets what a test leaves behind (the DOM, storage, timers, globals).
      isolate: false,
    },
  }),
);
