// ESLint's flat config: the recommended rules of ESLint and typescript-eslint over the sources, tests and scripts.
// The build runs it (scripts/lint.mjs), so `npm test` fails on what it finds; the layout is Prettier's (.prettierrc.json).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', 'test-results/**', '.vscode-test/**', '**/*.d.mts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    // A leading underscore names what a signature must take but the body does not use (TypeScript's own convention).
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  // Plain JavaScript runs in Node (the scripts, the test bed, the fixtures' agents and servers).
  { files: ['**/*.mjs', '**/*.js', '**/*.cjs'], languageOptions: { globals: { ...globals.node } } },
  // The test bed's throwaway extension is CommonJS, as VS Code loads a plain-JavaScript extension.
  {
    files: ['test/testbed/smoke-extension/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
