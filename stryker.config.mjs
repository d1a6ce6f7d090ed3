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
  'wrong-patient': ['src/validation/wrong-patient.ts', 'src/validation/nhs-numbers-in-text.ts'],
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
