/** The year the web app was built (vite.config.ts `define`). */
declare const __BUILD_YEAR__: number;
