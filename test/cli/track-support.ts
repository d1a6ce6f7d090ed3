// Shared by the `cdms track` and `cdms send --track` tests: a sandbox in this
// process, a tracker playing the app on the same database, and the commands.
import { startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { afterAll, beforeAll, expect } from 'vitest';
import { CdmsClient } from '../../src/index.js';
import { createTracker, type Tracker } from '../../src/tracker/index.js';
import { PATIENT } from '../helpers/fixtures.js';
import { freshLedgerDirectory } from '../tracker/support.js';
import { NHS_NUMBER, assertBuilt, cdms, expectNoLeak, json, type RunResult } from './support.js';

/** Patient data that must never appear in any output. */
export const PATIENT_DATA: readonly string[] = [NHS_NUMBER, '943 476 5919', PATIENT.family, PATIENT.given, PATIENT.dateOfBirth];

/** Each `cdms` process starts Node and the CLI: seconds on a loaded machine, and these tests run several. */
export const TRACK_TIMEOUT_MS = 180_000;

/** What `cdms send --track --json` prints. */
export interface TrackedSend {
  route: string;
  messageId: string;
  outcome: string;
  recovered: boolean;
}

/**
 * A sandbox for the file's tests, started once the built binary is found; at
 * the end nothing the commands printed held its API key or patient data.
 */
export function useTrackSandbox(): { readonly sandbox: Sandbox } {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    assertBuilt();
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    if (sandbox === undefined) return;
    expectNoLeak([sandbox.apiKey, ...PATIENT_DATA]);
    await sandbox.close();
  });
  return {
    get sandbox(): Sandbox {
      if (sandbox === undefined) throw new Error('the sandbox starts in beforeAll');
      return sandbox;
    },
  };
}

/** `cdms track ...` with no key and no base URL in the environment: the ledger is all it needs. */
export function track(args: readonly string[], database: string, env: Record<string, string> = {}): Promise<RunResult> {
  return cdms(['track', ...args, '--database', database], env);
}

/** Parses a `--json` result after checking the exit code. */
export function ok<T = Record<string, unknown>>(r: RunResult): T {
  expect(r.code, r.stdout + r.stderr).toBe(0);
  return json<T>(r);
}

/** A new ledger in a fresh directory, made as an app's first start makes it (and let go). */
export async function newLedger(sandbox: Sandbox): Promise<string> {
  const database = freshLedgerDirectory();
  await asApp(sandbox, database, () => Promise.resolve());
  return database;
}

/** Plays the app: a tracker on `database` (client on the sandbox) does `work`, then lets the database go. */
export async function asApp<T>(sandbox: Sandbox, database: string, work: (tracker: Tracker) => Promise<T>, schema?: string): Promise<T> {
  const client = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
  const tracker = await createTracker({ client, database, ...(schema === undefined ? {} : { schema }) });
  try {
    return await work(tracker);
  } finally {
    await tracker.close();
  }
}

