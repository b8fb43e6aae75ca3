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
  // Tests are not shipped: they may compare the web's readers with the contract's schemas.
  { files: ['apps/web/**/*.test.{ts,tsx}'], rules: { '@typescript-eslint/no-restricted-imports': 'off' } },
);
