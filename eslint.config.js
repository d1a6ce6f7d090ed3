// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * The import rule of core's files: `up` is the way out of core from them ('../' or '../../').
 * @param {string} files
 * @param {string} up
 */
function groundFloor(files, up) {
  const out = up.replace(/\./g, '\\.');
  return {
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^${out}(?!schemas/|internal/|version\\.js$)`, message: 'src/core is the ground floor: it may import only schemas/, internal/ and version.ts.' },
            { group: ['@opentelemetry/*'], message: 'src/core reports through its telemetry port (core/telemetry-port.ts); telemetry/ implements it.' },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['dist/**', 'docs/api/**', 'coverage/**', 'node_modules/**', '.tmp/**', 'bench/.tmp/**', '.stryker-tmp/**', 'reports/**', 'src/web/assets/htmx.min.js'] },
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
  // core/ is the ground floor: it imports only the leaves beside it (schemas/, internal/, version.ts), never a
  // floor above (telemetry, resources, the client...), so everything can build on it. Its telemetry is a port
  // (core/telemetry-port.ts) that telemetry/ implements.
  groundFloor('src/core/*.ts', '../'),
  groundFloor('src/core/*/**/*.ts', '../../'),
  // schemas/ holds the service's vocabulary, endpoints and schemas that every floor reads: it imports nothing of the SDK's.
  { files: ['src/schemas/**'], rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./', message: 'src/schemas imports only zod and its own files.' }] }] } },
  // The sandbox is the service's stand-in, not a client of it: it shares schemas/ and core's plumbing, never the client.
  {
    files: ['src/sandbox/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/client.js', '**/resources/*', '**/telemetry/*', '**/tracker/*', '**/cli/*'], message: 'The sandbox never imports the client (it may import schemas/ and core/).' }] },
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
