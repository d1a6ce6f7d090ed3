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
  { floor: ['tracker'], may: ['client.ts', 'resources', 'rejected-content', 'core', 'schemas', 'telemetry', 'internal'], why: 'The tracker stands on the client (client.ts, resources/, and rejected-content/, whose guard it applies with its ledger\'s verdicts), core/, schemas/, telemetry/ and internal/.' },
  { floor: ['worklist'], may: ['core', 'schemas', 'web', 'tracker/index.ts'], why: 'The worklist stands on core/, schemas/ and web/, and enters the tracker only through its entry point, tracker/index.ts.' },
  {
    floor: ['conformance'],
    may: ['index.ts', 'sandbox', 'worklist/index.ts', 'schemas', 'internal', 'web', 'version.ts', 'tracker/index.ts'],
    why: "The conformance run is a sender of its own: it uses the entry points (index.ts, sandbox/, and worklist/index.ts for the worklist's pages in its evidence), schemas/, internal/, web/ and version.ts, and enters the tracker only through its entry point, tracker/index.ts.",
  },
  {
    floor: ['cli'],
    may: ['index.ts', 'sandbox', 'worklist', 'conformance', 'attachments.ts', 'version.ts', 'schemas', 'internal', 'web', 'tracker/internal.ts'],
    why: 'The CLI uses the entry points (index.ts, sandbox/, worklist/, conformance/), attachments.ts, version.ts, schemas/, internal/ and web/, and enters the tracker only through tracker/internal.ts, its one door.',
  },
];

/**
 * The tracker's floors: CONTRIBUTING.md's table ("The tracker's floors"),
 * the same mechanism one level down, inside src/tracker. `floor` names its
 * folders (`store`) and top-level files (`index.ts`); `may` what its files
 * may import of the tracker besides their own folder. Each block keeps the
 * tracker's own row of LAYERS (what the tracker may import of src/) and adds
 * the inner refusals, so the spine stands by lint: no floor imports one
 * above it, so no circle runs between floors.
 */
export const TRACKER_FLOORS = [
  { floor: ['model'], may: [], why: 'src/tracker/model is the tracker\'s ground floor (a message\'s state, a transition, the attention primitives, the public types, events and errors): it imports nothing else of the tracker.' },
  { floor: ['db'], may: ['model'], why: 'src/tracker/db (the two engines) stands on model/ only.' },
  { floor: ['decide'], may: ['model'], why: 'src/tracker/decide is pure: it stands on model/ only, with its own settings type (decide/step-context.ts), never the tracker\'s options.' },
  { floor: ['notify'], may: ['model', 'db'], why: 'src/tracker/notify (the notifiers) stands on model/ and db/.' },
  { floor: ['store'], may: ['model', 'db', 'notify'], why: 'src/tracker/store (the SQL and its rows, the audit\'s entries among them) stands on model/, db/ and notify/.' },
  { floor: ['work'], may: ['model', 'db', 'decide', 'notify', 'store'], why: 'src/tracker/work (the steps with effects) stands on model/, db/, decide/, notify/ and store/; the runtime reaches it through its ports (work/context.ts).' },
  { floor: ['runtime'], may: ['model', 'db', 'decide', 'notify', 'store', 'work'], why: 'src/tracker/runtime (the loops) stands on every floor below it, never on report/ or api/.' },
  { floor: ['report'], may: ['model', 'db', 'decide', 'notify', 'store', 'work', 'runtime'], why: 'src/tracker/report (queries, stats, health) stands on every floor below it, never on api/.' },
  { floor: ['api'], may: ['model', 'db', 'decide', 'notify', 'store', 'work', 'runtime', 'report'], why: 'src/tracker/api (what an app holds and its options) stands on every floor below it, never on the entry points.' },
  { floor: ['index.ts', 'internal.ts'], may: ['model', 'db', 'decide', 'notify', 'store', 'work', 'runtime', 'report', 'api'], why: 'The entry points (index.ts, internal.ts) re-export the floors below them.' },
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
 * @param {{ floor: string[] }[]} [table] - The table the row is one of (LAYERS by default).
 */
function refused(row, members, up, table = LAYERS) {
  const everything = table.flatMap((r) => r.floor);
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

/**
 * A row of TRACKER_FLOORS as `no-restricted-imports` blocks, each holding the
 * tracker's own row of LAYERS as well (a later block's options replace an
 * earlier one's, so the inner rule repeats the outer refusals).
 * @param {{ floor: string[], may: string[], why: string }} row
 */
function trackerFloorBlocks(row) {
  const tracker = /** @type {{ floor: string[], may: string[], why: string }} */ (LAYERS.find((r) => r.floor.includes('tracker')));
  const outer = refused(tracker, ['tracker'], '(?:\\.\\./)+').map((regex) => ({ regex, message: tracker.why }));
  const kinds = [
    { members: row.floor.filter((f) => !isFile(f)), files: (/** @type {string} */ f) => `src/tracker/${f}/**/*.ts`, up: '(?:\\.\\./)+' },
    { members: row.floor.filter(isFile), files: (/** @type {string} */ f) => `src/tracker/${f}`, up: '\\./' },
  ].filter((kind) => kind.members.length > 0);
  return kinds.map(({ members, files, up }) => ({
    name: `tracker floors: ${members.join(', ')}`,
    files: members.map(files),
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...outer, ...refused(row, members, up, TRACKER_FLOORS).map((regex) => ({ regex, message: row.why }))] },
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
  // Every row of the tracker's floors, checked (TRACKER_FLOORS above).
  ...TRACKER_FLOORS.flatMap(trackerFloorBlocks),
  // Small files, one purpose each: no source file over 300 lines.
  { files: ['src/**/*.ts'], rules: { 'max-lines': ['error', { max: 300 }] } },
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
