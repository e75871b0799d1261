import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import dama from './scripts/eslint-layers.js';

export default tseslint.config(
  // packages/engine-lab/.cache: the strength benchmark's baseline rebuilt from git, match checkpoints;
  // .train: training data; packages/cli/.cache: the cores of other commits for bench:perft:compare;
  // .tsbuild: the declarations and build info of `npm run typecheck` (tsc -b).
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'docs/api/**',
      '.tsbuild/**',
      'packages/engine-lab/.cache/**',
      'packages/engine-lab/.train/**',
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
    // Typed rules for the TypeScript: each file is read in the tsc project that owns it (the project
    // service finds it through the references of the root tsconfig.json, as an editor does).
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // a promise is awaited, returned, caught, or marked `void` where nothing waits for it on purpose
      '@typescript-eslint/no-floating-promises': 'error',
      // a switch over a union names every member: a `default` does not stand in for them (it would
      // swallow a member added later), though it may stay for values outside the type (a newer server)
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: false, allowDefaultCaseForExhaustiveSwitch: true },
      ],
    },
  },
  // The JavaScript (configs, bin, worker-thread loaders, scripts/*.js) has no types to read.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  {
    // The package layers (README "Layout"): which package may import which, Node built-ins only in Node code.
    files: ['packages/**/*.{ts,tsx,js,mjs}'],
    plugins: { dama },
    rules: { 'dama/layers': 'error' },
  },
);
