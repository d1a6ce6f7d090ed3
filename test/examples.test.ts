import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hasSqlite as runtimeHasSqlite } from '../src/tracker/db/sqlite/load.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const examples = readdirSync(new URL('../examples/', import.meta.url)).filter((f) => f.endsWith('.ts')).sort();
/**
 * The examples that open an embedded ledger (the runtime's own SQLite, Node
 * 22.13 or later). On a runtime without it (the client suites' run on Node
 * 20) each must stop with the tracker's ConfigurationError naming the Node
 * lines it needs, never the runtime's own error.
 */
const hasSqlite = runtimeHasSqlite();
const needsLedger = (file: string): boolean => readFileSync(new URL(`../examples/${file}`, import.meta.url), 'utf8').includes('createTracker(');

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/** Runs an example as a user would (tsx), against its embedded sandbox: the integration variables are removed. */
function runExample(file: string): Promise<Outcome> {
  const env = { ...process.env };
  delete env.CDMS_BASE_URL;
  delete env.CDMS_API_KEY;
  const child = spawn(process.execPath, ['--import', 'tsx', `examples/${file}`], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A safety net only: an example that hangs (an open handle) is killed and fails on its signal.
  const safety = setTimeout(() => child.kill('SIGKILL'), 45_000);
  return new Promise((resolve) =>
    child.on('exit', (code, signal) => {
      clearTimeout(safety);
      resolve({ code, signal, output });
    }),
  );
}

/** Runs the examples a few at a time: quick, without overloading a shared machine. */
function runAll(files: readonly string[], concurrency: number): Map<string, Promise<Outcome>> {
  const results = new Map<string, Promise<Outcome>>();
  let slots = Promise.resolve();
  const lanes = Array.from({ length: concurrency }, () => slots);
  files.forEach((file, i) => {
    const lane = i % concurrency;
    const outcome = (lanes[lane] ?? slots).then(() => runExample(file));
    lanes[lane] = outcome.then(() => undefined);
    results.set(file, outcome);
  });
  slots = Promise.all(lanes).then(() => undefined);
  return results;
}

describe('examples', () => {
  it('there is a demo and one example per flow', () => {
    expect(examples).toEqual(
      expect.arrayContaining(['demo.ts', 'send-standard.ts', 'instant-flow.ts', 'gpconnect-send.ts', 'status-polling.ts', 'register-widget.ts', 'handle-errors.ts', 'observability.ts']),
    );
  });

  const outcomes = runAll(examples, 3);
  for (const file of examples) {
    it(`${file} runs against the embedded sandbox and exits 0 by itself`, async () => {
      const outcome = await outcomes.get(file);
      if (!hasSqlite && needsLedger(file)) {
        // This runtime has no node:sqlite: the example must say which Node the embedded ledger needs, and PostgreSQL.
        expect(outcome?.code, outcome?.output).not.toBe(0);
        expect(outcome?.output).toContain('ConfigurationError');
        expect(outcome?.output).toMatch(/Node\.js 22\.13 or later[\s\S]*PostgreSQL/);
        expect(outcome?.output).not.toContain('ERR_UNKNOWN_BUILTIN_MODULE');
      } else {
        expect({ code: outcome?.code, signal: outcome?.signal }, outcome?.output).toEqual({ code: 0, signal: null });
      }
      // Never a key, a token or an NHS number in full.
      expect(outcome?.output).not.toMatch(/cdms-sandbox-(key|forbidden)-[0-9a-f]{16}/);
      expect(outcome?.output).not.toContain('9434765919');
    }, 60_000);
  }
});
