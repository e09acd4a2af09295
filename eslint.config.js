import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', 'node_modules/**', 'build-check/**', 'coverage/**', '**/*.mjs', 'src/cli/templates/files/**', 'bench/results/**', 'docs/api/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Decorator metadata needs value imports of injected classes; the parser must know it is on.
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      parserOptions: { emitDecoratorMetadata: true, experimentalDecorators: true },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      'no-console': 'off',
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec-helper.ts', 'test/**/*.ts'],
    rules: { 'max-lines': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
