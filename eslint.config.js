import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import dama from './scripts/eslint-layers.js';

export default tseslint.config(
  // packages/engine/.cache: the strength benchmark's baseline rebuilt from git; .train: training data;
  // packages/cli/.cache: the cores of other commits for bench:perft:compare.
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'docs/api/**',
      'packages/engine/.cache/**',
      'packages/engine/.train/**',
      'packages/cli/.cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        performance: 'readonly',
        self: 'readonly',
        window: 'readonly',
        document: 'readonly',
        navigator: 'readonly',
        localStorage: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        requestAnimationFrame: 'readonly',
        URL: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
    },
  },
  {
    // The package layers (README "Layout"): which package may import which, Node built-ins only in Node code.
    files: ['packages/**/*.{ts,tsx,js,mjs}'],
    plugins: { dama },
    rules: { 'dama/layers': 'error' },
  },
);
