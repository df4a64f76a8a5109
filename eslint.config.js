import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder under src/features is a feature; a new one is fenced in without editing this file.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', 'coverage', 'test-results', 'playwright-report', 'bench/results', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'domain/**/*.ts', 'server/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: {
      // Modules that import each other in a ring load in an order nobody chose.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: { project: './tsconfig.json' } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The architecture, enforced (ARCHITECTURE.md, "Where things live"): shared code never imports a feature, features never
      // import each other, and only app/ composes them.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features never import each other; compose them in src/app.',
            })),
            {
              target: ['./src/components', './src/lib', './src/hooks', './src/styles', './src/config'],
              from: ['./src/features', './src/app'],
              message: 'Shared code never imports a feature or the app.',
            },
            { target: './src/features', from: './src/app', message: 'Features never import the app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      // Pure domain code, shared by browser and server: no React, no Node APIs.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'react', 'react-dom', 'hono', 'drizzle-orm', 'dexie'], message: 'domain/ is pure: no framework or Node imports.' },
          ],
        },
      ],
    },
  },
);
