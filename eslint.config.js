// @ts-check
import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries of docs/conventions.md: shared -> features -> app; server and web never mix. */
const serverBoundaries = {
  patterns: [
    { group: ['@unimercado/web', '**/apps/web/**'], message: 'The server never imports web code.' },
  ],
};
const webBoundaries = {
  patterns: [
    {
      group: ['@unimercado/server', '**/apps/server/**', 'drizzle-orm', 'drizzle-orm/*'],
      message: 'The web app never imports server code or Drizzle.',
    },
  ],
};
const sharedBoundaries = {
  patterns: [
    {
      group: ['@unimercado/server', '@unimercado/web', '**/apps/**', 'react', 'fastify'],
      message: 'packages/shared depends on nothing of the apps.',
    },
  ],
};

/**
 * Server layering (docs/conventions.md): app.ts -> modules -> plugins -> db -> lib/config. A
 * lower layer never imports a higher one (type-only imports are allowed: they leave no runtime
 * dependency). Modules are listed lowest first; a module imports only modules before it, so they
 * cannot import each other in a circle. Within a module, routes -> service -> queries.
 */
const SERVER_MODULES = [
  'health',
  'roles',
  'categories',
  'notifications',
  // Before products: a listing names the meet-up spots that suit its seller.
  'meetups',
  'products',
  // After products: its list of members to write to puts the sellers of current listings first.
  'chat',
  'favorites',
  'sales',
  'reviews',
  'auth',
  'users',
];
const layer = (group, message) => ({ group, message, allowTypeImports: true });
const noApp = layer(['**/app', '**/app.js'], 'Only the entry points import app.ts.');
const noModules = layer(['**/modules/**'], 'Plugins, db, lib and config never import modules.');
const noPlugins = layer(['**/plugins/**'], 'db, lib and config never import plugins.');
const noDb = layer(['**/db/**'], 'lib and config never import db.');
const serverLayerRules = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
});
const serverSource = (folder) => ({
  files: [`apps/server/src/${folder}/**/*.ts`],
  ignores: ['apps/server/src/**/*.test.ts'],
});

const featuresDir = new URL('./apps/web/src/features/', import.meta.url);
const webFeatures = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/drizzle/meta/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'apps/server/scripts/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/only-throw-error': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The offline page's script, loaded by the browser as it is (decision 091).
    files: ['apps/web/public/offline.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', serverBoundaries] },
  },
  { ...serverSource('plugins'), rules: serverLayerRules(noApp, noModules) },
  { ...serverSource('db'), rules: serverLayerRules(noApp, noModules, noPlugins) },
  { ...serverSource('lib'), rules: serverLayerRules(noApp, noModules, noPlugins, noDb) },
  { ...serverSource('config'), rules: serverLayerRules(noApp, noModules, noPlugins, noDb) },
  ...SERVER_MODULES.map((module, rank) => {
    const later = SERVER_MODULES.slice(rank + 1);
    const notLater = later.length
      ? [
          layer(
            later.flatMap((other) => [`../${other}/*`, `**/modules/${other}/*`]),
            `${module} may import only modules listed before it in eslint.config.js (no circles).`,
          ),
        ]
      : [];
    return [
      {
        ...serverSource(`modules/${module}`),
        rules: serverLayerRules(
          noApp,
          ...notLater,
          layer(
            ['./*.routes', '../*/*.routes'],
            'Only app.ts registers routes (routes -> service).',
          ),
        ),
      },
      {
        files: [`apps/server/src/modules/${module}/*.queries.ts`],
        rules: serverLayerRules(
          noApp,
          ...notLater,
          layer(
            ['./*.routes', '../*/*.routes', './*.service', '../*/*.service'],
            'Queries are below services.',
          ),
        ),
      },
    ];
  }).flat(),
  {
    files: ['packages/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', sharedBoundaries] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', webBoundaries],
    },
  },
  // A feature does not import another feature or the app layer; pages in app/ compose them.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...webBoundaries.patterns,
            { group: ['@/app/*', '**/app/*'], message: 'Features do not import the app layer.' },
            {
              group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
              message: 'A feature does not import another feature; compose them in app/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  prettier,
);
