// Import rules that `npm run lint` enforces (decision 23). Run: npm run lint:deps
// Module cycles (one folder of apps/server/src/modules using another and back) are checked by
// .dependency-cruiser.modules.cjs; this file checks single files and layers.
const MODULES = '^apps/server/src/modules/';
const TEST_FILE = '\\.test\\.tsx?$';
const WEB = '^apps/web/src/';
const WEB_FEATURES = `${WEB}features/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A file that imports itself back through others runs before its own exports exist (ES module ' +
        'evaluation order) and cannot be understood or tested alone. A cycle closed only by an ' +
        '`import type` is erased at compile time and allowed (db/client.ts <-> db/locks.ts).',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-other-module-routes',
      severity: 'error',
      comment:
        "A module's *.routes.ts is its HTTP adapter, registered by app.ts only: another module calls " +
        'its service or repository functions, never its routes.',
      from: { path: `${MODULES}([^/]+)/` },
      to: { path: `${MODULES}[^/]+/[^/]+\\.routes\\.ts$`, pathNot: `${MODULES}$1/` },
    },
    {
      name: 'no-module-into-composition-root',
      severity: 'error',
      comment:
        'app.ts, server.ts, the seeds and scripts import every module; a module importing them back ' +
        'makes a cycle through the whole server. Modules read the configuration from config.ts only.',
      from: { path: MODULES, pathNot: TEST_FILE },
      to: {
        path: ['^apps/server/src/[^/]+\\.ts$', '^apps/server/src/scripts/'],
        pathNot: '^apps/server/src/config\\.ts$',
      },
    },
    {
      name: 'module-uses-infrastructure-plugins-only',
      severity: 'error',
      comment:
        'Most plugins sit above the modules and read several of them (metrics, scheduler, ' +
        'order work); a module importing such a plugin loops back through it. Modules may ' +
        "use the socket server, the per-user rate limit and the route schemas' answer helpers; " +
        'anything else goes through a port the caller passes in. Add a plugin here only if it ' +
        'imports no module.',
      from: { path: MODULES, pathNot: TEST_FILE },
      to: {
        path: '^apps/server/src/plugins/',
        pathNot: '^apps/server/src/plugins/(realtime|route-schemas|searches|user-rate-limit)\\.ts$',
      },
    },
    {
      name: 'queries-in-repositories-only',
      severity: 'error',
      comment:
        'Queries live in *.repository.ts (decision 40): services keep the rules and open the ' +
        'transactions, routes only validate and call. So inside the modules only repositories import ' +
        'the tables (db/schema) and drizzle-orm. Column values services name (ledger reasons, queue ' +
        'names) are in db/values.ts; tests may query directly to set up and check data.',
      from: { path: MODULES, pathNot: [TEST_FILE, '\\.repository\\.ts$'] },
      to: { path: ['^apps/server/src/db/schema/', '(^|/)node_modules/drizzle-orm/'] },
    },
    {
      name: 'modules-use-db-client-types-only',
      severity: 'error',
      comment:
        'A module gets its database or transaction passed in (Executor, Database, Transaction are ' +
        'types, so `import type` of db/client stays allowed everywhere); opening a database is the ' +
        "composition root's job, and a value import of db/client would bring drizzle back by the side door.",
      from: { path: MODULES, pathNot: TEST_FILE },
      to: { path: '^apps/server/src/db/client\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-test-code-in-production',
      severity: 'error',
      comment: 'Test helpers and test files are not shipped with the server: source never imports them.',
      from: { path: '^apps/server/src/', pathNot: TEST_FILE },
      to: { path: ['^apps/server/test/', TEST_FILE] },
    },
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      comment:
        'packages/shared is the contract both apps build on (zod schemas, constants, texts): it must ' +
        'not know either of them, or the web bundle pulls server code in.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'shared-depends-on-zod-only',
      severity: 'error',
      comment: 'No server or browser code in packages/shared (STYLE.md): its only runtime library is zod.',
      from: { path: '^packages/shared/', pathNot: TEST_FILE },
      to: {
        dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-no-pkg', 'npm-unknown'],
        pathNot: '(^|/)node_modules/zod/',
      },
    },
    {
      name: 'apps-stay-apart',
      severity: 'error',
      comment: 'The web app and the server share code only through packages/shared.',
      from: { path: '^apps/(web|server)/' },
      to: { path: '^apps/(web|server)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'web-feature-stays-in-its-folder',
      severity: 'error',
      comment:
        'A web feature never imports another feature (bulletproof-react, decision 23), tests included: ' +
        'what two features share moves to lib/ or components/, or the page in pages/ or app/ composes ' +
        'them (a prop or a render prop). Otherwise every feature ends up reaching into auth for the session.',
      from: { path: `${WEB_FEATURES}([^/]+)/` },
      to: { path: WEB_FEATURES, pathNot: `${WEB_FEATURES}$1/` },
    },
    {
      name: 'web-shared-code-knows-no-feature',
      severity: 'error',
      comment:
        'lib/ and components/ are the layer every feature builds on: importing a feature, a page or app/ ' +
        'back would make them depend on one screen and close a loop through the features.',
      from: { path: `${WEB}(lib|components)/` },
      to: { path: `${WEB}(features|pages|app)/` },
    },
    {
      name: 'web-feature-not-into-pages-or-app',
      severity: 'error',
      comment:
        'Pages and app/ compose the features (routes, layouts, providers); a feature importing them ' +
        'back pulls every route into its chunk and loops through the composition root. A test may load ' +
        'a page to check the feature where the user meets it, inside the whole app.',
      from: { path: WEB_FEATURES, pathNot: TEST_FILE },
      to: { path: `${WEB}(pages|app)/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // `import type` counts as a dependency (it is one, for the design), marked type-only for no-circular.
    tsPreCompilationDeps: true,
    // The web app's `@/` alias, which the tsconfig route cannot give here (see that file).
    webpackConfig: { fileName: '.dependency-cruiser.resolve.cjs' },
    enhancedResolveOptions: {
      // @retouch/shared/<name> maps to packages/shared/src/<name>.ts through its package.json exports.
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
