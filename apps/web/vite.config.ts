import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // The manifest lets bench/bundle.ts find the landing page's chunks; @fastify/static skips dot folders.
  build: { outDir: 'dist', manifest: true },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server },
      '/ws': { target: server, ws: true },
    },
  },
});
