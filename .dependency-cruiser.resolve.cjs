// The web app's `@/` import alias (apps/web/vite.config.ts, apps/web/tsconfig.json `paths`), for
// dependency-cruiser, read as a webpack `resolve` section. Pointing it at the tsconfig does not
// work: without a `baseUrl` its paths plugin resolves `./src/*` against the directory lint runs
// in, not the web app's.
module.exports = { resolve: { alias: { '@': `${__dirname}/apps/web/src` } } };
