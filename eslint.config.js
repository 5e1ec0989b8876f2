// ESLint: correctness, plus the layering rules of docs/architecture.md#layers-and-folders so that a wrong import fails `npm run lint`:
// shared imports only shared; electron/host imports shared and Node; the renderer imports shared and browser
// libraries; only electron/main.ts and electron/preload.ts import `electron`. Cycles are found by
// scripts/importCycles.mjs, which `npm run lint` runs next (eslint-plugin-import-x needs native resolver
// packages that the npm registry here does not fully serve, which breaks `npm ci`).

import js from '@eslint/js';
import globals from 'globals';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';
import { layersPlugin } from './scripts/eslintLayers.mjs';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
const electronPackage = {
  name: 'electron',
  message: 'Only electron/main.ts and electron/preload.ts may import electron.',
};

/** One no-restricted-imports rule from lists of forbidden package names and path patterns, with the reason. */
function layer(reason, { packages = [], patterns = [] }) {
  return [
    'error',
    {
      paths: packages.map((name) => (typeof name === 'string' ? { name, message: reason } : name)),
      patterns: patterns.length ? [{ group: patterns, message: reason }] : [],
    },
  ];
}

export default tseslint.config(
  { ignores: ['dist/', 'release/', 'node_modules/', 'reports/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': layer(
        'shared/ is platform-free: it imports only shared/ (and pure libraries).',
        {
          packages: [
            'electron',
            'react',
            'react-dom',
            'zustand',
            '@tanstack/react-query',
            'monaco-editor',
            ...nodeBuiltins,
          ],
          patterns: [
            '**/electron/**',
            '**/renderer/**',
            '**/tests/**',
            'node:*',
            'react-dom/*',
            'monaco-editor/*',
          ],
        },
      ),
    },
  },
  {
    files: ['electron/host/**/*.ts'],
    rules: {
      'no-restricted-imports': layer(
        'electron/host imports only shared/ and Node: it must run outside Electron.',
        {
          packages: [electronPackage, 'react', 'react-dom'],
          patterns: [
            '**/renderer/**',
            '../shell/**',
            '../web/**',
            '../launch/**',
            '../main',
            '../preload',
            '../preloadApi',
          ],
        },
      ),
    },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/main.ts', 'electron/preload.ts', 'electron/host/**/*.ts'],
    rules: {
      'no-restricted-imports': layer(
        'Node side: no renderer code, and only main.ts and preload.ts import electron.',
        {
          packages: [electronPackage],
          patterns: ['**/renderer/**'],
        },
      ),
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': layer(
        'The renderer talks to the host only through the contract: no Node, no electron/.',
        {
          packages: ['electron', ...nodeBuiltins],
          patterns: ['**/electron/**', '**/tests/**', 'node:*'],
        },
      ),
    },
  },
  {
    // The Electron static analysis in CI (tests/integration/electronegativity.test.ts) walks the built main bundle
    // with a traverser that stops at the first private class member, and then silently reports nothing for the file.
    files: ['electron/**/*.ts', 'shared/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'PrivateIdentifier',
          message: 'Use a TypeScript `private` member: the Electron static analysis cannot read `#` members.',
        },
      ],
    },
  },
  {
    // Where a file sits decides what it may import: renderer layers and the host's isolation, by resolved path.
    files: ['renderer/**/*.{ts,tsx}', 'electron/host/**/*.ts'],
    plugins: { switchboard: layersPlugin },
    rules: { 'switchboard/renderer-layers': 'error', 'switchboard/host-isolation': 'error' },
  },
  {
    // Ambient declarations of platform globals need `declare var` so the value merges with its interface.
    files: ['types/**/*.d.ts'],
    rules: { 'no-var': 'off' },
  },
  {
    // Playwright reads a fixture's dependencies from its destructuring pattern, so `{}` means "none".
    files: ['tests/e2e/fixtures.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['tests/e2e/support/injectedPreload.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
