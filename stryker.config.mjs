// Mutation testing of the decision modules: what is retried, what counts as
// not sent, when a 404 proves absence, when a poll may run, what a file name
// or an NHS number may be, what is redacted, what the wrong-patient check
// refuses (decision D-TEST-05, docs/decisions/testing.md). `npm run
// test:mutation` (scripts/mutation.mjs) runs one module at a time; each
// keeps its results in reports/stryker-incremental-<module>.json, committed,
// so a run after a small change tests only the mutants it touched.

/** The decision modules, by the name `npm run test:mutation` takes. */
export const MODULES = {
  core: ['src/core/retry-decision.ts', 'src/core/classify-failure.ts', 'src/core/redact.ts'],
  send: ['src/resources/send-recovery.ts', 'src/resources/send-message.ts'],
  decide: ['src/tracker/decide/*.ts'],
  // The page-by-page verdict is the rule that remembers what an earlier page named.
  'wrong-patient': ['src/validation/wrong-patient.ts', 'src/validation/nhs-numbers-in-text.ts', 'src/validation/pdf-check/pdf-verdict.ts'],
  validation: [
    'src/validation/*.ts',
    // Re-exports and types: nothing to mutate.
    '!src/validation/index.ts',
    '!src/validation/types.ts',
    // The wrong-patient check has its own module above; PDF text extraction is plumbing, not a decision.
    '!src/validation/wrong-patient.ts',
    '!src/validation/nhs-numbers-in-text.ts',
    '!src/validation/pdf-text.ts',
  ],
};

/**
 * Equivalent mutants: changes no test can tell from the original, because
 * the program behaves the same. Each is named by its file, the node type and
 * the exact source text of the node holding it (and text of its line where
 * that is not unique), with the reason it changes nothing
 * (scripts/stryker-equivalents.mjs reports it as ignored).
 *
 * @type {{ file: string, node: string, code: string, line?: string, reason: string }[]}
 */
export const EQUIVALENTS = [
  {
    file: 'src/core/classify-failure.ts',
    node: 'StringLiteral',
    code: "''",
    line: 'const message = link instanceof Error',
    reason: "a link that is not an Error has no message; any text that does not start with 'Proxy response (' reads the same",
  },
  {
    file: 'src/core/classify-failure.ts',
    node: 'BinaryExpression',
    code: 'code !== undefined',
    reason: 'NEVER_CONNECTED.has(undefined) is false anyway; the test only spares a lookup',
  },
  // redact.ts: the opaque-run scan reads charCodeAt past the end as NaN, which is no base64 character nor '='.
  { file: 'src/core/redact.ts', node: 'BinaryExpression', code: 'i < text.length', reason: 'at i === length charCodeAt is NaN, not opaque: the loop steps once more and ends' },
  { file: 'src/core/redact.ts', node: 'BinaryExpression', code: 'end < text.length', reason: 'charCodeAt(length) is NaN, not opaque: the run ends there anyway' },
  { file: 'src/core/redact.ts', node: 'BinaryExpression', code: 'padded < text.length', reason: "charCodeAt(length) is NaN, not '=': the padding ends there anyway" },
  { file: 'src/core/redact.ts', node: 'BinaryExpression', code: 'kept === 0', reason: "nothing masked leaves out '' and kept 0, so out + text.slice(0) is the text: a shortcut" },
  {
    file: 'src/core/redact.ts',
    node: 'BinaryExpression',
    code: 'n.length > MAX_PATTERN_SECRET_LENGTH',
    reason: 'a secret of exactly 10,000 characters is also in the pattern, which masks it in any case: an exact pass first changes nothing',
  },
  {
    file: 'src/core/redact.ts',
    node: 'BinaryExpression',
    code: 'n.length <= MAX_PATTERN_SECRET_LENGTH',
    reason: "not equivalent: a multi-megabyte secret in the pattern overflows it, which only the stress test 'masks a secret of several megabytes' shows, left out of the mutation run",
  },
  {
    file: 'src/core/redact.ts',
    node: 'ArrayExpression',
    code: '[]',
    line: 'export function redact(',
    reason: "the default when no secrets are given: another default list shows only on text holding that list's own words (Stryker's marker)",
  },
  {
    file: 'src/core/redact.ts',
    node: 'BlockStatement',
    code: '{\n    compilations++;\n    return compile(secrets);\n  }',
    reason: 'without it a non-array iterable takes the array path: compiled and counted once per call the same, its cache entry never a hit (no length)',
  },
  {
    file: 'src/core/redact.ts',
    node: 'UnaryExpression',
    code: '!Array.isArray(secrets)',
    reason: 'as for the block it guards: a non-array iterable on the array path is compiled and counted once per call the same',
  },
  {
    file: 'src/core/redact.ts',
    node: 'BinaryExpression',
    code: 'n.length < WHOLE_WORD_BELOW',
    reason: 'a longer secret is masked anywhere before the word pass runs, so also looking for it as a word finds nothing left',
  },
  {
    file: 'src/resources/send-message.ts',
    node: 'ArrayExpression',
    code: '[]',
    line: 'const secrets =',
    reason: "a send with no secrets of its own: another default list shows only on text holding that list's own words (Stryker's marker)",
  },
  {
    file: 'src/resources/send-message.ts',
    node: 'OptionalMemberExpression',
    code: 'call.scope?.recovery',
    reason: 'sendMessage always puts its scope in call, so the optional chain never stops there',
  },
  {
    file: 'src/resources/send-message.ts',
    node: 'BlockStatement',
    code: '{\n    return undefined;\n  }',
    reason: 'an empty catch block ends the function, which returns undefined all the same',
  },
  {
    file: 'src/tracker/decide/poll-schedule.ts',
    node: 'UnaryExpression',
    code: '-Infinity',
    line: 'const fourthLast',
    reason: 'reached only with at least four polls, so the fourth-last is always there and the fallback never used',
  },
  {
    file: 'src/tracker/decide/poll-schedule.ts',
    node: 'BinaryExpression',
    code: 'p < expiryAt',
    reason: 'polls are in the past: one at or after expiry means now is past it too, so the branch it could open is closed by now < expiryAt either way',
  },
  { file: 'src/validation/near-miss.ts', node: 'ArrayExpression', code: '[]', line: 'let before', reason: 'the row before the previous is read only from the third row on, when it holds the first row' },
  {
    file: 'src/validation/rfc3339.ts',
    node: 'StringLiteral',
    code: "'Z'",
    line: "offset === 'Z' || offset === 'z'",
    reason: "'Z' read as hours and minutes gives Number('') = 0 for both, an offset of 0 all the same: the test is a shortcut",
  },
  {
    file: 'src/validation/rfc3339.ts',
    node: 'StringLiteral',
    code: "'z'",
    line: "offset === 'Z' || offset === 'z'",
    reason: "as for 'Z': 'z' read as hours and minutes is an offset of 0 all the same",
  },
  {
    file: 'src/validation/rfc3339.ts',
    node: 'CallExpression',
    code: 's.slice(0, MAX_LENGTH + 1)',
    reason: 'the anchored shape patterns match at most 29 characters, so any cut longer than that gives the same reason as the whole input',
  },
  {
    file: 'src/validation/settings.ts',
    node: 'ArrayExpression',
    code: '[]',
    line: 'if (!isArray(list)) return [];',
    reason: "no additional id types from a list that is no array: another default list shows only on a type spelt as that list's own words (Stryker's marker)",
  },
  {
    file: 'src/validation/settings.ts',
    node: 'ArrayExpression',
    code: '[]',
    line: 'if (length === UNREADABLE) return [];',
    reason: "as for a list that is no array: another default shows only on a type spelt as that list's own words (Stryker's marker)",
  },
  {
    file: 'src/validation/parties.ts',
    node: 'BooleanLiteral',
    code: 'false',
    line: "readId(c, message, 'subject', false)",
    reason: "the collector never shows a value of subject.id.value (not on isValueSafeToShow's allow-list), so offering it changes nothing",
  },
  {
    file: 'src/validation/widget.ts',
    node: 'BlockStatement',
    code: '{\n    url = undefined;\n  }',
    reason: 'url is declared without a value, so it is undefined already when the URL constructor throws',
  },
  { file: 'src/validation/base64.ts', node: 'BinaryExpression', code: 'CHUNK / 4', line: 'scratch ??=', reason: 'a larger scratch buffer for the decoded bytes: only memory changes' },
  { file: 'src/validation/runtime.ts', node: 'OptionalMemberExpression', code: 'mod?.Buffer', reason: 'without a module, mod.Buffer throws inside the try, which answers null all the same' },
  {
    file: 'src/validation/runtime.ts',
    node: 'ConditionalExpression',
    code: 'end === s.length ? s : s.slice(0, end)',
    reason: 'a slice of the whole string is the string: the test only spares a copy',
  },
  { file: 'src/validation/runtime.ts', node: 'BinaryExpression', code: 'end / 4', reason: 'a larger output array for the plain-JS decoder, cut to the bytes written: only memory changes' },
  {
    file: 'src/validation/runtime.ts',
    node: 'UnaryExpression',
    code: '-1',
    line: 'BASE64_VALUE[s.charCodeAt(i + k)] ?? -1',
    reason: 'the decoder reads whole quanta within the string only, so no read is past its end and the fallback is never used',
  },
  {
    file: 'src/validation/content-sniff.ts',
    node: 'BinaryExpression',
    code: 'PDF_SIGNATURE_WINDOW / 3',
    reason: 'decoding more than the first 1,024 bytes changes nothing: hasPdfSignature looks only there',
  },
  {
    file: 'src/validation/nhs-numbers-in-text.ts',
    node: 'StringLiteral',
    code: "''",
    line: 'const digits =',
    reason: 'the three groups of the pattern are not optional: a match always has all three, so the fallback is never used',
  },
  {
    file: 'src/validation/wrong-patient.ts',
    node: 'BinaryExpression',
    code: "typeof attachment.mimeType !== 'string'",
    reason: 'a type that is not a string is neither a text type nor the PDF type, so the attachment is skipped further down all the same',
  },
];

/** The module of this run: CDMS_MUTATION_MODULE (scripts/mutation.mjs sets it), else every module. */
const only = process.env.CDMS_MUTATION_MODULE;
if (only !== undefined && !(only in MODULES)) throw new Error(`CDMS_MUTATION_MODULE=${only} is none of: ${Object.keys(MODULES).join(', ')}`);
const name = only ?? 'all';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  mutate: only === undefined ? Object.values(MODULES).flat() : MODULES[only],
  testRunner: 'vitest',
  // Only the decision modules' unit tests (the module's own, with CDMS_MUTATION_MODULE), no global setup.
  vitest: { configFile: 'vitest.mutation.config.ts' },
  checkers: ['typescript'],
  // The sources alone: a mutant that does not compile is dropped without running a test.
  tsconfigFile: 'tsconfig.stryker.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  plugins: ['@stryker-mutator/*', './scripts/stryker-equivalents.mjs'],
  ignorers: ['equivalent'],
  // One incremental file per module, committed: a module's run keeps only its own results.
  incremental: true,
  incrementalFile: `reports/stryker-incremental-${name}.json`,
  thresholds: { high: 95, low: 85, break: 85 },
  // The machines are shared and have two cores.
  concurrency: 2,
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress-append-only', 'json'],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  clearTextReporter: { allowColor: false, logTests: false },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
