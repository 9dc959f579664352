// No cycles between server modules (decision 23). Run: npm run lint:deps
// A module is a folder of apps/server/src/modules. If auth uses users, users must not use auth,
// even through other modules or through files that import nothing back: the arrows between
// modules form layers, so a module can be read, tested and changed with the ones below it only.
// What two modules both need moves down into the one that owns it, or into db/, lib/, shared.
//
// This is its own cruise because the check runs on the graph of the modules alone: in the whole
// server every module reaches app.ts through config.ts (same folder) and app.ts reaches every
// module, which would make every pair a cycle. Cycles through plugins or other files are caught
// by no-circular (.dependency-cruiser.cjs) and module-uses-infrastructure-plugins-only.

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      scope: 'folder',
      severity: 'error',
      comment:
        'Modules must form layers: this module uses the next one, which uses this one back (maybe ' +
        'through others). Move what both need into the module that owns it or a lower layer, or ' +
        'pass it in as a port.',
      from: { path: '^apps/server/src/modules/[^/]+$' },
      to: { path: '^apps/server/src/modules/[^/]+$', circular: true },
    },
  ],
  options: {
    // Tests may set up data through other modules (a users test makes a session with auth's
    // functions); that is no dependency of the module itself.
    exclude: { path: '\\.test\\.ts$' },
    includeOnly: '^apps/server/src/modules/',
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
