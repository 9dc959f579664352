// Zod compiles its object parsers with `new Function` when it may, after probing for it once as its
// schemas are made. Under the server's Content-Security-Policy (no 'unsafe-eval') the probe is refused
// and reported as a violation, although Zod catches it (issue 35). Zod reads this object as its global
// configuration when it loads, so it must be set before any module of the app runs: a deferred classic
// script placed before them in index.html runs first.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
