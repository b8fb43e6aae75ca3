import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/src/db/migrations/**', 'e2e/.artifacts/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The chat panel is on /home's first load: a value from a schema module would bring zod
      // along. Its constants come from @xueban/contract/constants/* (docs/decisions.md).
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: ['chat', 'robots'].map((m) => ({
          name: `@xueban/contract/${m}`,
          allowTypeImports: true,
          message: `Import its constants from @xueban/contract/constants/${m}; its schemas pull zod into the page.`,
        })),
      }],
    },
  },
  // One description per call (docs/decisions.md): a web api file takes its path, input and result
  // types from the contract's call; declaring a shape of its own would let the two halves drift.
  {
    files: ['apps/web/src/features/*/api/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: 'TSInterfaceDeclaration, TSTypeAliasDeclaration > TSTypeLiteral',
        message: 'Take the type from the contract (CallInput / CallResult of the call, or the area module\'s exported type) instead of declaring a shape here.',
      }],
    },
  },
  // Tests are not shipped: they may compare the web's readers with the contract's schemas.
  { files: ['apps/web/**/*.test.{ts,tsx}'], rules: { '@typescript-eslint/no-restricted-imports': 'off' } },
  // Egress (design.md §8): the server reaches other hosts only through lib/egress.ts, whose clients
  // check every address and redirect against their feature's policy. Any other HTTP client would
  // bypass that, so none may be used elsewhere in the server's code (its tests may).
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/lib/egress.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: ['undici', 'node:http', 'http', 'node:https', 'https', 'node:http2', 'http2', 'node-fetch', 'axios', 'got', 'ky'].map((name) => ({
          name,
          allowTypeImports: true,
          message: 'Reach other hosts through lib/egress.ts (deps.egress.model / search / web): it checks addresses, ports and redirects.',
        })).concat([{
          // Redis is the operator's own service, not a host users name: lib/redis.ts alone owns it (deps.cluster).
          name: 'ioredis',
          allowTypeImports: false,
          message: 'Use deps.cluster (lib/redis.ts): the one module that connects to Redis, lazily, and closes with the app.',
        }]),
      }],
      'no-restricted-globals': ['error', ...['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'].map((name) => ({
        name,
        message: 'Reach other hosts through lib/egress.ts (deps.egress.model / search / web): it checks addresses, ports and redirects.',
      }))],
      'no-restricted-properties': ['error', ...['globalThis', 'global'].map((object) => ({
        object,
        property: 'fetch',
        message: 'Reach other hosts through lib/egress.ts (deps.egress.model / search / web): it checks addresses, ports and redirects.',
      }))],
    },
  },
);
