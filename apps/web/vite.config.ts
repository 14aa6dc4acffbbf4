import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

// The console is served by the API server from dist/ (history-style URLs fall back to index.html).
// `npm run dev -w @kontor/web` proxies the API to a server on :8080.
export default defineConfig({
  plugins: [react()],
  define: { __WEB_VERSION__: JSON.stringify(pkg.version) },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: { '/v0': 'http://localhost:8080', '/ws': { target: 'ws://localhost:8080', ws: true } },
  },
});
