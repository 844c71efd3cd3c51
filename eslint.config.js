/**
 * ESLint (flat config) over every workspace and the root folders: `npm run lint`, a step of `npm test`.
 * The maintained recommended sets, and a few rules switched off below, each with its reason.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // Written by `npm run codegen`.
      '**/*.generated.ts',
      'client/src/graphql/types.ts',
      'bench/results/**',
      'playwright-report/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Only Error objects are thrown: they carry a stack, and the error mappers read `instanceof`.
      // (typescript-eslint's type-aware only-throw-error also sees a thrown variable, but typed
      // linting took over 90 s on this machine: the lint stays without type information.)
      'no-throw-literal': 'error',
      // A leading underscore marks a value left out on purpose (`{ password: _p, ...rest }`, `_next`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // Test doubles, factories and raw SQL rows in tests and the benchmark's generator: `any` there
    // stands for shapes the test does not care about (55 cases when the lint came).
    files: ['**/*.test.{ts,tsx}', '**/*.factories.ts', 'server/src/test/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  { ...jsxA11y.flatConfigs.recommended, files: ['client/**/*.tsx'] },
);
