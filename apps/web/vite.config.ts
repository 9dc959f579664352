import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies beside each text asset, sent by @fastify/static (preCompressed) to
    // browsers that accept them: no compression work per request. Not for the server bundle the
    // prerender uses (scripts/build.ts), which is never served.
    {
      ...compression({
        algorithms: ['brotliCompress', 'gzip'],
        include: /\.(js|css|html|svg|json)$/,
        threshold: 1024,
        logLevel: 'silent',
      }),
      apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    },
  ],
  // The prerendered footer's year (SiteFooter): the client and the server bundle of one build agree on it.
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // The manifest lets the prerender and bench/bundle.ts find each page's chunks; @fastify/static skips dot folders.
  // The face detector (face-api with TensorFlow.js, 1.3 MB, 330 KB gzip) is one chunk on purpose: it loads
  // only once a photo is in the editor (decision 43). Vite's 500 KB warning printed at every build (npm
  // start, npm test) about it; the limit sits just above it, so a chunk larger still warns. The next
  // largest is 370 KB, and bench/bundle.ts watches what the landing page loads.
  build: { outDir: 'dist', manifest: true, chunkSizeWarningLimit: 1400 },
  server: {
    port: 5173,
    // No changeOrigin: Host and Origin reach the server as the page's own (localhost:5173), which its
    // cross-site check (plugins/origin-check.ts) accepts as same-origin.
    proxy: {
      '/api': { target: server },
      '/ws': { target: server, ws: true },
    },
  },
});
