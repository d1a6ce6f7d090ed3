// The tests StrykerJS runs against the mutants of the decision modules
// (stryker.config.mjs): only those modules' unit tests, in-process, without
// the global setup, so a mutation run starts no database and no browser and
// leaves the tracker's database, soak and browser suites out. With
// CDMS_MUTATION_MODULE set (scripts/mutation.mjs sets it), only that
// module's tests: Stryker's first run, which runs every test, then stays short.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The unit tests of each decision module, by the module names of stryker.config.mjs. Not
 * test/resources/wrong-patient-send.test.ts: it also sends through the tracker, whose embedded
 * database the global setup prepares.
 */
export const MUTATION_TESTS: Readonly<Record<string, readonly string[]>> = {
  core: [
    'test/core/retry-decision.test.ts',
    'test/core/classify-failure.test.ts',
    'test/core/backoff.test.ts',
    'test/core/redact.test.ts',
    'test/core/retry.test.ts',
  ],
  // Not send-recovery.test.ts nor send-verdicts.test.ts: their model service waits out real
  // timeouts and slow landings, about a minute a mutant. send-decisions.test.ts holds the same
  // rules against a scripted service answering at once (about a second for the file).
  send: [
    'test/resources/send-resend-budget.test.ts',
    'test/resources/send-decisions.test.ts',
    'test/resources/local-errors-delivery.test.ts',
    'test/resources/rejected-content.test.ts',
    'test/resources/validated-is-sent.test.ts',
  ],
  decide: ['test/tracker/decide/*.test.ts'],
  'wrong-patient': [
    'test/validation/wrong-patient.test.ts',
    // readPdfVerdict on this thread: a worker thread of the PDF pool does not see Stryker's active mutant.
    'test/validation/pdf-verdict.test.ts',
    'test/validation/wrong-patient-no-unpdf.test.ts',
  ],
  validation: ['test/validation/*.test.ts'],
};

/**
 * Test files of a module's folder left out of its run. id-types-compile.test.ts only type-checks
 * programs with the TypeScript compiler (no validation code runs), so no mutant can fail it, yet
 * it took more than half of the module's test time (5 of 9 s) on every mutant in a module-level
 * constant, which runs every test.
 */
export const MUTATION_EXCLUDE: Readonly<Record<string, readonly string[]>> = {
  validation: ['test/validation/id-types-compile.test.ts'],
};

const only = process.env['CDMS_MUTATION_MODULE'];
const include = only === undefined ? [...new Set(Object.values(MUTATION_TESTS).flat())] : MUTATION_TESTS[only];
if (include === undefined) throw new Error(`CDMS_MUTATION_MODULE=${only} is none of: ${Object.keys(MUTATION_TESTS).join(', ')}`);

/**
 * The stress tests on inputs of megabytes are left out: they prove that no stack overflows and
 * that nothing is too large for the regular-expression engine, and under Stryker's instrumentation
 * each takes tens of seconds per mutant. Their rules are tested on small inputs beside them.
 */
const STRESS = /six million|several megabytes|multi-megabyte|MiB|5 MB|100 MB|5,000,000/;

// The base's projects (the shared and the run-alone files) each have their own include, which
// would bring back every test file: the mutation run is one plain list.
const { projects: _projects, ...baseTest } = base.test ?? {};

// Replaced, not merged: vitest's mergeConfig would add these lists to the base's.
export default defineConfig({
  ...base,
  test: {
    ...baseTest,
    include: [...include],
    exclude: ['**/node_modules/**', ...(only === undefined ? [] : (MUTATION_EXCLUDE[only] ?? []))],
    globalSetup: [],
    testNamePattern: new RegExp(`^(?!.*(?:${STRESS.source})).*$`),
    // Instrumented code runs slower; Stryker sets its own, tighter, limit on each mutant's run.
    testTimeout: 60_000,
  },
});
