import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Stamps each build with an id: the app gets it as `__APP_BUILD_ID__` and the build writes it
 * to dist/version.json. An open tab polls that file and offers a reload once the deployed id
 * differs from its own (features/version), so nobody keeps clicking on a stale release.
 */
function buildVersion(): Plugin {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const buildId = `${stamp}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    name: 'xueban:build-version',
    config: () => ({ define: { __APP_BUILD_ID__: JSON.stringify(buildId) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify({ version: buildId })}\n` });
    },
  };
}

// `npm run dev -w @xueban/web` serves the SPA on :5173 and forwards /api to the server on :3000.
// The proxy keeps the browser's Host header, so the server's Origin check sees one origin.
const reactRouterProduction = fileURLToPath(new URL('../../node_modules/react-router/dist/production/', import.meta.url));

export default defineConfig(({ command }) => ({
  plugins: [react(), buildVersion()],
  // react-router's package exports always name its development build (with dev-only checks);
  // production bundles take the production build it ships beside it.
  resolve: command === 'build'
    ? {
        alias: [
          { find: /^react-router$/, replacement: `${reactRouterProduction}index.mjs` },
          { find: /^react-router\/dom$/, replacement: `${reactRouterProduction}dom-export.mjs` },
        ],
      }
    : {},
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
}));
