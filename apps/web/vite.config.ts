import { fileURLToPath, pathToFileURL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

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

/**
 * antd's form context (which every page loads through ConfigProvider) takes one export,
 * FormProvider, from @rc-component/form's index — and that index assigns properties on import,
 * so no bundler can drop the rest: the whole form engine (about 14 kB gzip) rode along on every
 * page. This points that one import at the module that defines FormProvider; pages with forms
 * still load the whole package, and it is the same module instance either way.
 */
function formProviderOnly(): Plugin {
  return {
    name: 'xueban:antd-form-provider-only',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== '@rc-component/form' || !importer?.replaceAll('\\', '/').endsWith('antd/es/form/context.js')) return null;
      return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
    },
  };
}

/**
 * The contract's calls (packages/contract/src/calls/*) carry zod schemas for the server; the web
 * needs only each call's method and path, and zod would add about 90 kB gzip to every page. This
 * loads a calls module at build time and hands the bundle its heads alone, a plain object per call.
 * The web's types still come from the whole call (lib/api.ts `call`).
 */
function contractCallHeads(): Plugin {
  const callsDir = fileURLToPath(new URL('../../packages/contract/src/calls/', import.meta.url));
  const headsOf = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return undefined;
    const v = value as Record<string, unknown>;
    if (typeof v.method === 'string' && typeof v.path === 'string') return { method: v.method, path: v.path };
    return Object.fromEntries(Object.entries(v).map(([k, inner]) => [k, headsOf(inner)]));
  };
  return {
    name: 'xueban:contract-call-heads',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0]!;
      if (!file.startsWith(callsDir)) return null;
      const { tsImport } = await import('tsx/esm/api');
      const mod = (await tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>;
      return Object.entries(mod)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(headsOf(value))};`)
        .join('\n');
    },
  };
}

// `npm run dev -w @xueban/web` serves the SPA on :5173 and forwards /api to the server on :3000.
// The proxy keeps the browser's Host header, so the server's Origin check sees one origin.
const reactRouterProduction = fileURLToPath(new URL('../../node_modules/react-router/dist/production/', import.meta.url));
const nodeModules = fileURLToPath(new URL('../../node_modules/', import.meta.url));

/**
 * The ES module builds of what @ant-design/x (and antd's own locale entry) name by their CommonJS
 * paths: the same code, but one copy and tree-shakable, instead of a second CommonJS copy beside
 * the ES one antd uses.
 */
const esmBuilds = [
  { find: /^antd\/locale\/(.*)$/, replacement: `${nodeModules}antd/es/locale/$1` },
  { find: /^@rc-component\/util\/lib\/(.*)$/, replacement: `${nodeModules}@rc-component/util/es/$1` },
];

export default defineConfig(({ command }) => ({
  // Each file also as .br and .gz beside it, which the server sends to browsers that accept them
  // (@fastify/static preCompressed): the JS of a first visit travels at about a third of its size.
  plugins: [react(), buildVersion(), formProviderOnly(), contractCallHeads(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  // react-router's package exports always name its development build (with dev-only checks);
  // production bundles take the production build it ships beside it.
  resolve: {
    alias: [
      ...esmBuilds,
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: `${reactRouterProduction}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterProduction}dom-export.mjs` },
          ]
        : []),
    ],
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000' },
      '/sandbox': { target: 'http://localhost:3000' },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      output: {
        // Left alone, the bundler cuts the libraries every page loads first into some thirty files,
        // each compressed on its own: one file for all of them is about 11 kB gzip lighter. The
        // libraries of lazily loaded screens keep the automatic split (per set of importers).
        codeSplitting: { groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] }] },
      },
    },
  },
}));
