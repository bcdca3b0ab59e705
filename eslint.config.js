import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'test-results/**', 'playwright-report/**', 'web/build/**', '.upgrade/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'gateway/src/assets/**/*.js', 'web/e2e/stand-ins/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // A shipped migration is frozen: literal SQL, so a fresh install and an upgrade build the same schema. Live
    // constants (proto's lists), the kit's SQL helpers and other migrations all change later, so they are off limits;
    // only the kit's migration module (and type-only imports from the kit) may be imported. The registry (index.ts)
    // imports the migrations themselves.
    files: ['**/src/migrations/**/*.ts'],
    ignores: ['**/src/migrations/index.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!@billpoint/kit(/migrations)?$|node:)',
              message: 'A migration holds literal SQL: import only sqlMigration from @billpoint/kit/migrations.',
            },
            {
              regex: '^@billpoint/kit$',
              allowTypeImports: true,
              message: 'A migration holds literal SQL: import only sqlMigration from @billpoint/kit/migrations.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression', message: 'A migration holds literal SQL: no dynamic imports.' },
        { selector: "CallExpression[callee.name='require']", message: 'A migration holds literal SQL: no require.' },
      ],
    },
  },
  {
    files: ['**/test/**/*.ts', '**/*.test.{ts,tsx}', 'bench/**/*.ts', 'web/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
