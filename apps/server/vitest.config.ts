import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // A bound on a hung test, not a timing assertion: a test that drives three orders through their
    // pictures, or checks 32 password hashes, is CPU work that took past 20 s with both cores busy
    // elsewhere (scripts/test-under-load.sh). Waits on state have their own bound (test/limits.ts).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits up to 1 s by default: too short for a hundred sockets on a loaded machine.
    // A limit, not a timing assertion.
    expect: { poll: { timeout: 10_000 } },
    // Each test file gets its own database (test/test-app.ts); importing the server afresh for every
    // file cost about 5 s, so the files of a worker share the imports.
    isolate: false,
  },
});
