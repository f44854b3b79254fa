// ESLint for the web app: typescript-eslint, the rules of hooks, and the import boundaries of
// docs/architecture.md ("The web app", Boundaries):
//   app/        may import features, components, lib
//   features/x  may import components, lib and its own files, never another feature
//   components/ and lib/ never import features or app
// and no import cycles anywhere.
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const boundaryZones = [
  // No feature imports another feature: what two features need lives in components/ or lib/,
  // and the app composes features.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: features.filter((other) => other !== feature).map((other) => `./src/features/${other}`),
    message: 'A feature may not import another feature: move shared code to components/ or lib/, or compose the two in app/.',
  })),
  // Shared layers stay below features and the app.
  {
    target: ['./src/components', './src/lib'],
    from: ['./src/features', './src/app'],
    message: 'components/ and lib/ are shared layers: they may not import features or app.',
  },
  {
    target: './src/features',
    from: './src/app',
    message: 'Features may not import app/: the app composes features, not the other way round.',
  },
];

export default tseslint.config(
  { ignores: ['dist', '.builds', 'node_modules', 'src/lib/api/schema.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: {
      // How the import rules read the files they follow (no-cycle parses every module it reaches)
      // and resolve '@/…' (tsconfig paths).
      'import/extensions': ['.ts', '.tsx', '.js'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { typescript: { project: './tsconfig.app.json' } },
    },
    rules: {
      // The rules of hooks; the React Compiler rules of the plugin's preset are left out (the app
      // does not use the compiler, and they reject patterns it relies on, e.g. the latest-value ref).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
);
