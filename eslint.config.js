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

/**
 * The architecture, enforced (ARCHITECTURE.md, "Where things live"): shared code never imports a
 * feature, features never import each other, only app/ composes them, and the outbox is used
 * through its one public surface (`src/lib/outbox/index.ts`). The shell (src/app) may also read
 * the two Dexie-free modules its entry chunk needs; tests may also use `testing.ts`.
 */
function architectureZones({ tests }) {
  const testing = tests ? ['./testing.ts'] : [];
  return [
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
    {
      target: ['./src/features', './src/components', './src/hooks'],
      from: './src/lib/outbox',
      except: ['./index.ts', ...testing],
      message: "Use the outbox through its public surface: import from '@/lib/outbox'.",
    },
    {
      target: './src/app',
      from: './src/lib/outbox',
      except: ['./index.ts', './outbox-exists.ts', './outdated.ts', ...testing],
      message: "Use the outbox through '@/lib/outbox' (the shell may read only outbox-exists.ts and outdated.ts, which load no Dexie).",
    },
  ];
}

/** Every request from src/ goes through the typed client: a call by a string path (`fetch('/api/…')`, `apiFetch(…)`) is an error. */
const STRING_PATH_CALL = 'Call the API through the typed client (`api` in src/lib/api-client.ts), never by a string path.';
// esquery's regular expressions cannot hold a slash: \x2F is one.
const API_PATH = '/^\\x2Fapi(\\x2F|\\?|$)/';
const STRING_PATH_CALLS = [
  { selector: "CallExpression[callee.name='apiFetch']", message: STRING_PATH_CALL },
  ...["callee.name='fetch'", "callee.property.name='fetch'"].flatMap((callee) => [
    { selector: `CallExpression[${callee}][arguments.0.type='Literal'][arguments.0.value=${API_PATH}]`, message: STRING_PATH_CALL },
    { selector: `CallExpression[${callee}][arguments.0.type='TemplateLiteral'][arguments.0.quasis.0.value.raw=${API_PATH}]`, message: STRING_PATH_CALL },
  ]),
];

// A dynamic import keeps every export of the module it names: for zod's namespace that is the
// whole library, every language's messages included, 290 KB more than the schemas use (ADR 032).
const WHOLE_ZOD_IMPORTS = [
  {
    selector: "ImportExpression[source.value=/^(zod|@domain\\/zod)(\\/|$)/]",
    message: "Import a module that builds schemas, never zod's namespace itself: a dynamic import of it brings every part of zod (ADR 032).",
  },
];

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
      'import-x/no-restricted-paths': ['error', { zones: architectureZones({ tests: false }) }],
      // One way to call the API (ADR 014): the typed client, whose answers are typed by the server.
      'no-restricted-syntax': ['error', ...STRING_PATH_CALLS, ...WHOLE_ZOD_IMPORTS],
      // One way to link to the app's pages: AppLink, which hydrates without the router's hooks (ADR 032).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              importNames: ['Link', 'NavLink'],
              message: "Link to the app's pages with AppLink (src/components/app-link.tsx; ADR 032).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: architectureZones({ tests: true }) }],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      // Pure domain code, shared by browser and server: no React, no Node APIs; and zod's schemas
      // are built with `z` from domain/zod.ts, which turns off zod's eval probe in a browser.
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', allowTypeImports: true, message: "Build schemas with `z` from './zod' (domain/zod.ts): it keeps zod from probing for eval under our CSP." }],
          patterns: [
            { group: ['node:*', 'react', 'react-dom', 'hono', 'drizzle-orm', 'dexie'], message: 'domain/ is pure: no framework or Node imports.' },
          ],
        },
      ],
    },
  },
);
