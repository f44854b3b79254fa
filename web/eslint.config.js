// ESLint for the web app: typescript-eslint, the rules of hooks, and the import boundaries of
// docs/architecture.md ("The web app", Boundaries):
//   app/        may import features, components, lib
//   features/x  may import components, lib and its own files, never another feature (one entry
//               of FEATURE_ENTRIES below remains until the server sends the console's result text)
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

/**
 * The only imports between features: feature → the features whose index.ts it may import. Keep
 * it short and acyclic (checked below); code two features need belongs in components/ or lib/.
 */
const FEATURE_ENTRIES = {
  heats: ['results'], // the console's result text (formatResultCell), until the server sends it
};

function assertAcyclic(graph) {
  const state = new Map();
  const visit = (node, path) => {
    if (state.get(node) === 'done') return;
    if (state.get(node) === 'open') throw new Error(`eslint.config.js: FEATURE_ENTRIES has a cycle: ${[...path, node].join(' → ')}`);
    state.set(node, 'open');
    for (const next of graph[node] ?? []) visit(next, [...path, node]);
    state.set(node, 'done');
  };
  Object.keys(graph).forEach((node) => visit(node, []));
}
assertAcyclic(FEATURE_ENTRIES);

const boundaryZones = [
  // A feature imports no other feature, except the allowed ones' index.ts.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`, ...(FEATURE_ENTRIES[feature] ?? []).map((other) => `./${other}/index.ts`)],
    message: 'A feature may not import another feature: move shared code to components/ or lib/ (see FEATURE_ENTRIES in eslint.config.js).',
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
  { ignores: ['dist', 'node_modules', 'src/lib/api/schema.d.ts'] },
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
