import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev -w @xueban/web` serves the SPA on :5173 and forwards /api to the server on :3000.
// The proxy keeps the browser's Host header, so the server's Origin check sees one origin.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000' },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1024,
  },
});
