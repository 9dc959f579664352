import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // expect.poll waits up to 1 s by default: too short for a hundred sockets on a loaded machine.
    // A limit, not a timing assertion.
    expect: { poll: { timeout: 10_000 } },
    // Each test file gets its own database (test/test-app.ts); importing the server afresh for every
    // file cost about 5 s, so the files of a worker share the imports.
    isolate: false,
  },
});
