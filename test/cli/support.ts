// Running the BUILT `cdms` (dist/cli/index.js) as a child process, as users
// do. Every output is kept, so each test file can assert at the end that no
// key, token or secret ever reached stdout or stderr.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/** The built command. */
export const CLI = fileURLToPath(new URL('../../dist/cli/index.js', import.meta.url));

/** Fails with a clear message when the CLI has not been built. */
export function assertBuilt(): void {
  if (!existsSync(CLI)) throw new Error('dist/cli/index.js is missing: run `npm run build` first (npm test builds before it tests).');
}

/** What a finished run printed and returned. */
export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Every stdout and stderr of this test file, for the leak checks. */
export const transcript: string[] = [];

/** Where children keep rejected-content hashes unless a test says otherwise: never the user's own file. */
const REJECTED_CONTENT_FILE = join(tmpdir(), `cdms-cli-test-${process.pid}`, 'rejected-content.txt');

/** The environment of a child: this process's, without any CDMS_ variable, plus `env`. */
export function childEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CDMS_')));
  return { ...base, NO_COLOR: '1', CDMS_REJECTED_CONTENT_FILE: REJECTED_CONTENT_FILE, ...env };
}

/** A running `cdms`: its process, what it printed so far, and how it ended. */
export interface RunningCli {
  child: ChildProcessWithoutNullStreams;
  /** Everything printed so far. */
  output(): { stdout: string; stderr: string };
  /** Resolves when `pattern` appears in the stream. */
  waitFor(stream: 'stdout' | 'stderr', pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Resolves when the process has exited. */
  done: Promise<RunResult>;
}

/** Starts `cdms args` and returns at once. */
export function startCli(args: readonly string[], env: Record<string, string | undefined> = {}, cwd?: string): RunningCli {
  const child = spawn(process.execPath, [CLI, ...args], { env: childEnv(env), cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin.end();
  const text = { stdout: '', stderr: '' };
  const waiters: (() => void)[] = [];
  const onData = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    text[stream] += chunk.toString('utf8');
    for (const w of [...waiters]) w();
  };
  child.stdout.on('data', onData('stdout'));
  child.stderr.on('data', onData('stderr'));
  const done = new Promise<RunResult>((resolve) => {
    child.on('close', (code, signal) => {
      transcript.push(text.stdout, text.stderr);
      for (const w of [...waiters]) w();
      resolve({ code, signal, ...text });
    });
  });
  let exited = false;
  void done.then(() => (exited = true));
  const waitFor = (stream: 'stdout' | 'stderr', pattern: RegExp, timeoutMs = 10_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`timed out waiting for ${String(pattern)} on ${stream}: ${JSON.stringify(text)}`)), timeoutMs);
      const check = () => {
        const match = pattern.exec(text[stream]);
        if (match) finish(undefined, match);
        else if (exited) finish(new Error(`cdms exited before ${String(pattern)} appeared on ${stream}: ${JSON.stringify(text)}`));
      };
      function finish(error: Error | undefined, match?: RegExpExecArray) {
        clearTimeout(timer);
        const i = waiters.indexOf(check);
        if (i >= 0) waiters.splice(i, 1);
        if (error) reject(error);
        else resolve(match!);
      }
      waiters.push(check);
      check();
    });
  return { child, output: () => ({ ...text }), waitFor, done };
}

/** Runs `cdms args` to the end. */
export function cdms(args: readonly string[], env: Record<string, string | undefined> = {}, cwd?: string): Promise<RunResult> {
  return startCli(args, env, cwd).done;
}

/** Parses stdout as the one JSON document `--json` promises. */
export function json<T = Record<string, unknown>>(result: RunResult): T {
  const lines = result.stdout.trim().split('\n');
  expect(lines, `one JSON line on stdout, got: ${result.stdout}`).toHaveLength(1);
  return JSON.parse(lines[0]!) as T;
}

/** Asserts that none of `secrets` appears anywhere in this file's transcript. */
export function expectNoLeak(secrets: readonly string[]): void {
  expect(transcript.length).toBeGreaterThan(0);
  for (const secret of secrets) {
    for (const text of transcript) expect(text.includes(secret), `a secret (…${secret.slice(-4)}) was printed:\n${text}`).toBe(false);
  }
}

/** A minimal PDF (the SDK checks the `%PDF-` signature). */
export const PDF = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';

/** A valid NHS number (a well-known test value). */
export const NHS_NUMBER = '9434765919';

/** A temporary directory with the fixture files, removed by `cleanup()`. */
export function fixtures(files: Record<string, string> = {}): { dir: string; path(name: string): string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'cdms-cli-'));
  const all: Record<string, string> = { 'summary.pdf': PDF, ...files };
  for (const [name, content] of Object.entries(all)) writeFileSync(join(dir, name), content);
  return { dir, path: (name) => join(dir, name), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A GP-route message without its attachment (the test adds it with --file). */
export function gpMessage(): Record<string, unknown> {
  return {
    topic: 'Consultation Summary',
    recipient: { id: { value: 'UNK' } },
    subject: { id: { type: 'NHSNumber', value: NHS_NUMBER } },
    gpConnectAdditionalInformation: {
      recipientType: 'For Action',
      senderReference: 'OOH-CLI-1',
      confidentiality: false,
      versionNumber: 1,
      patient: { name: { family: 'Example', given: 'Alex' }, dateOfBirth: '1968-04-02' },
      typeCode: '11429006',
      typeDescription: 'Consultation',
    },
  };
}
