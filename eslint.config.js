// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'docs/api/**', 'coverage/**', 'node_modules/**', '.tmp/**', 'bench/.tmp/**', 'src/web/assets/htmx.min.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'error',
      'no-console': 'error',
    },
  },
  // Types inferred from a zod schema are declared `interface X extends z.infer<typeof XSchema> {}`
  // so that editors and the API reference show the name, not the expanded object.
  { files: ['src/schemas/**', 'src/widget/toolbar/claims.ts'], rules: { '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }] } },
  // The CLI enters the tracker through one door, so the tracker's inside can move without touching the CLI.
  {
    files: ['src/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/tracker/**', '!**/tracker/internal.js'], message: 'The CLI imports the tracker from src/tracker/internal.ts, its one door.' }] },
      ],
    },
  },
  {
    files: ['test/**', 'examples/**', 'bench/**', 'scripts/**', 'src/cli/**', 'src/sandbox/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  // The pages' browser scripts (served by the sandbox console and the worklist; see src/web).
  { files: ['src/sandbox/console/assets/*.js', 'src/web/assets/*.js'], languageOptions: { globals: { ...globals.browser }, sourceType: 'script' } },
);
