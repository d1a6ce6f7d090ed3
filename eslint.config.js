// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * What may import what: CONTRIBUTING.md's table ("What may import what"),
 * one row per floor, from the ground up. `floor` names folders (`core`) and
 * top-level files (`version.ts`) of src/; `may` names what its files may
 * import besides their own folder, a folder entered only through one file as
 * that file (`tracker/internal.ts`, its door); `never` names packages it
 * must not import. Every other folder and top-level file of src/ is refused.
 * No folder inside a floor bears a floor's name (test/lint/layers.test.ts
 * checks it), so `../core/` always means src/core.
 */
export const LAYERS = [
  { floor: ['schemas'], may: [], why: 'src/schemas holds the service\'s words and shapes that every floor reads: it imports only zod and its own files.' },
  { floor: ['internal', 'version.ts', 'limits.ts'], may: [], why: 'Small helpers every floor may use import nothing of the SDK.' },
  { floor: ['web'], may: [], why: 'src/web is what the web pages share (escaping, security, assets): it imports nothing of the SDK.' },
  {
    floor: ['core'],
    may: ['schemas', 'internal', 'version.ts'],
    never: ['@opentelemetry/*'],
    why: 'src/core is the ground floor: it may import only schemas/, internal/ and version.ts, and reports through its telemetry port (core/telemetry-port.ts), which telemetry/ implements.',
  },
  { floor: ['validation', 'rejected-content', 'polling'], may: ['core', 'schemas', 'internal', 'limits.ts'], why: 'Local checks and polling helpers stand on core/, schemas/, internal/ and limits.ts.' },
  { floor: ['telemetry'], may: ['core', 'schemas', 'version.ts'], why: 'src/telemetry implements core\'s telemetry port: it may import core/, schemas/ and version.ts.' },
  { floor: ['widget'], may: ['core', 'schemas'], why: 'src/widget (cdms-sdk/widget) may import only core/ and schemas/.' },
  {
    floor: ['resources'],
    may: ['core', 'schemas', 'internal', 'limits.ts', 'validation', 'rejected-content', 'polling'],
    why: 'The resources stand on core/, schemas/, internal/, limits.ts, validation/, rejected-content/ and polling/; telemetry only through core\'s port.',
  },
  {
    floor: ['client.ts', 'attachments.ts', 'index.ts'],
    may: ['schemas', 'internal', 'version.ts', 'limits.ts', 'core', 'validation', 'rejected-content', 'polling', 'telemetry', 'widget', 'resources'],
    why: 'The client and the main entry point stand on the floors below them, never on the sandbox, the tracker, the worklist, web/ or the CLI.',
  },
  {
    floor: ['sandbox'],
    may: ['schemas', 'core', 'internal', 'limits.ts', 'validation', 'widget', 'web'],
    why: 'The sandbox is the service\'s stand-in, not a client of it: it shares schemas/, core/, internal/, limits.ts, validation/, widget/ and web/, never the client.',
  },
  { floor: ['tracker'], may: ['client.ts', 'resources', 'core', 'schemas', 'telemetry', 'internal'], why: 'The tracker stands on the client (client.ts, resources/), core/, schemas/, telemetry/ and internal/.' },
  { floor: ['worklist'], may: ['core', 'schemas', 'web', 'tracker/index.ts'], why: 'The worklist stands on core/, schemas/ and web/, and enters the tracker only through its entry point, tracker/index.ts.' },
  {
    floor: ['conformance'],
    may: ['index.ts', 'sandbox', 'schemas', 'internal', 'web', 'version.ts', 'tracker/index.ts'],
    why: 'The conformance run is a sender of its own: it uses the entry points (index.ts, sandbox/), schemas/, internal/, web/ and version.ts, and enters the tracker only through its entry point, tracker/index.ts.',
  },
  {
    floor: ['cli'],
    may: ['index.ts', 'sandbox', 'worklist', 'conformance', 'attachments.ts', 'version.ts', 'schemas', 'internal', 'web', 'tracker/internal.ts'],
    why: 'The CLI uses the entry points (index.ts, sandbox/, worklist/, conformance/), attachments.ts, version.ts, schemas/, internal/ and web/, and enters the tracker only through tracker/internal.ts, its one door.',
  },
];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const asImported = (file) => escape(file.replace(/\.ts$/, '.js'));
const isFile = (name) => name.endsWith('.ts');
const folderOf = (name) => name.split('/')[0];

/**
 * The import patterns a row refuses to its files `members` (the row's
 * folders, or its top-level files), whose way up to src/ is `up` (a regular
 * expression: './' from a top-level file, '../' repeated from a folder's).
 * @param {{ floor: string[], may: string[] }} row
 * @param {string[]} members
 * @param {string} up
 */
function refused(row, members, up) {
  const everything = LAYERS.flatMap((r) => r.floor);
  const doors = row.may.filter((m) => m.includes('/'));
  const open = new Set([...members, ...row.may.filter((m) => !m.includes('/'))]);
  const shut = everything.filter((name) => !open.has(name) && !doors.some((door) => folderOf(door) === name));
  const folders = shut.filter((name) => !isFile(name)).map(escape);
  const files = shut.filter(isFile).map(asImported);
  const alternatives = [...(folders.length ? [`(?:${folders.join('|')})/`] : []), ...(files.length ? [`(?:${files.join('|')})$`] : [])];
  return [
    ...(alternatives.length ? [`^${up}(?:${alternatives.join('|')})`] : []),
    ...doors.map((door) => `^${up}${escape(folderOf(door))}/(?!${asImported(door.slice(folderOf(door).length + 1))}$)`),
  ];
}

/**
 * A row's rule: one `no-restricted-imports` block, two where the row holds
 * both folders and top-level files (their imports start differently:
 * '../core/' from a folder's file, './core/' from a top-level one).
 * @param {{ floor: string[], may: string[], never?: string[], why: string }} row
 */
function layerBlocks(row) {
  const kinds = [
    { members: row.floor.filter((f) => !isFile(f)), files: (/** @type {string} */ f) => `src/${f}/**/*.ts`, up: '(?:\\.\\./)+' },
    { members: row.floor.filter(isFile), files: (/** @type {string} */ f) => `src/${f}`, up: '\\./' },
  ].filter((kind) => kind.members.length > 0);
  return kinds.map(({ members, files, up }) => ({
    name: `layers: ${members.join(', ')}`,
    files: members.map(files),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...refused(row, members, up).map((regex) => ({ regex, message: row.why })),
            ...(row.never ?? []).map((name) => ({ group: [name], message: row.why })),
          ],
        },
      ],
    },
  }));
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
  // Every row of the layer table, checked (LAYERS above).
  ...LAYERS.flatMap(layerBlocks),
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
