import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { hasSqlite as runtimeHasSqlite } from './src/tracker/db/sqlite/load.js';

// The soak runs (the tracker's crash and multi-instance tests, minutes of
// load) and the fault suites (slow networks, a database stopped, blackholed
// or restarted, processes racing: seeded and bounded, but minutes in all)
// run once per CI, in `npm test`; CDMS_SOAK=off leaves them out of the runs
// on the other Node lines, whose code they do not exercise differently.
const SOAK_AND_FAULTS = ['test/**/soak/**/*.test.ts', 'test/**/faults/**/*.test.ts', 'test/reliability/fault-injection.test.ts'];

/**
 * Test files that must have the machine to themselves, run one at a time
 * after the others: the soak and fault suites (load, delays measured against
 * timeouts, a PostgreSQL server restarted on the same port), the load of
 * 3,000 faulty sends, a lock whose refusal is timed, and the tarball, which
 * rewrites package.json while it packs (scripts/pack-manifest.mjs) under any
 * file reading it. Every other file binds only ports the kernel picks and
 * starts its own servers, so two run at once.
 */
const ALONE = [
  ...SOAK_AND_FAULTS,
  'test/tracker/lock.test.ts',
  // Given a tarball packed already (CDMS_TARBALL, as CI's runs on the other Node lines are), it packs nothing and runs beside the rest.
  ...(process.env.CDMS_TARBALL ? [] : ['test/packaging/tarball.test.ts']),
];

/**
 * The documents' checks (code blocks type-checked, links, decision ids,
 * docs/openapi.json, the API reference built) read files and run the type
 * checker and TypeDoc, the same on every Node line: CDMS_DOCS=off leaves
 * them out of the runs on the other lines, as CDMS_SOAK=off the soak and
 * fault suites.
 */
const DOCS = ['test/docs/**'];

/**
 * The test files that need the embedded ledger (the runtime's own SQLite,
 * Node 22.13 or later). Where the runtime has none (the client suites' run
 * on Node 20), they are left out, loudly; test/tracker/storage.test.ts stays
 * in, as it proves that such a runtime gets a ConfigurationError naming the
 * Node line needed and PostgreSQL.
 */
const EMBEDDED_LEDGER = [
  'test/tracker/!(storage).test.ts',
  'test/tracker/*/**',
  'test/worklist/**',
  'test/conformance/**',
  'test/bench/tracker*.test.ts',
  'test/cli/track*.test.ts',
  'test/cli/send-track.test.ts',
  'test/resources/topics-before-send.test.ts',
  'test/resources/wrong-patient-send.test.ts',
];
// Asked as the tracker asks, so Node 22's ExperimentalWarning for SQLite stays unsaid here too.
/**
 * The browser tests (Chromium driving the console's, the worklist's and the
 * conformance report's pages) check what the browser does with the pages;
 * the servers that make them are tested over HTTP on every line. The pages
 * are the same bytes on every Node line, so CDMS_BROWSER=off leaves these
 * out of the runs on the other lines, as CDMS_DOCS=off the documents' checks.
 */
const BROWSER = ['test/**/*.browser.test.ts'];

const hasSqlite = runtimeHasSqlite();
if (!hasSqlite) {
  process.stderr.write(`\n*** Node ${process.versions.node} has no node:sqlite: the tests of the embedded ledger are LEFT OUT of this run (${EMBEDDED_LEDGER.length} patterns). Run them on Node 22.13 or later. ***\n\n`);
}

const excluded = [
  '**/node_modules/**',
  ...(hasSqlite ? [] : EMBEDDED_LEDGER),
  ...(process.env.CDMS_SOAK === 'off' ? SOAK_AND_FAULTS : []),
  ...(process.env.CDMS_DOCS === 'off' ? DOCS : []),
  ...(process.env.CDMS_BROWSER === 'off' ? BROWSER : []),
];

export default defineConfig({
  // Examples and tests import the package by name, as users do; in the repo
  // that name means the source (tsconfig.json "paths" does the same for tsx).
  resolve: {
    alias: [
      { find: /^cdms-sdk\/sandbox$/, replacement: fileURLToPath(new URL('./src/sandbox/index.ts', import.meta.url)) },
      { find: /^cdms-sdk\/tracker$/, replacement: fileURLToPath(new URL('./src/tracker/index.ts', import.meta.url)) },
      { find: /^cdms-sdk\/worklist$/, replacement: fileURLToPath(new URL('./src/worklist/index.ts', import.meta.url)) },
      { find: /^cdms-sdk\/conformance$/, replacement: fileURLToPath(new URL('./src/conformance/index.ts', import.meta.url)) },
      { find: /^cdms-sdk\/widget$/, replacement: fileURLToPath(new URL('./src/widget/index.ts', import.meta.url)) },
      { find: /^cdms-sdk$/, replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)) },
    ],
  },
  test: {
    environment: 'node',
    // The tracker tests' database server: PostgreSQL (skipped loudly without binaries).
    globalSetup: ['test/setup/databases.global.ts'],
    // Tests that hit a real local server (sandbox, smoke) are not timing
    // assertions; the generous timeout only absorbs a noisy shared machine.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Vitest's default on a 2-core machine is one file at a time (a core
    // less than the machine has); files waiting on servers, processes and a
    // browser leave the cores idle, so two run at once. The files that must
    // run alone are a project of their own, run after the rest.
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...excluded, ...ALONE], maxWorkers: 2 } },
      {
        extends: true,
        test: { name: 'alone', include: ALONE, exclude: excluded, fileParallelism: false, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
