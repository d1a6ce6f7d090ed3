// tracker-ledger: the embedded ledger's own costs, this build beside the
// embedded engine of a baseline commit (BENCH_LEDGER_BASELINE, by default
// the last commit on PGlite), each figure from fresh processes started
// through the relay so their peak RSS is their own:
// - createTracker + start + `count` messages adopted with track() + close,
//   on a new directory, on the same directory again (another `count`), and
//   on `memory:`: peak RSS, and how long the adoption took;
// - the same adoption on a new directory with V8's young generation capped
//   (--max-semi-space-size=4), this build only: how much of the peak is the
//   young generation V8 grows during a long burst of work, not the ledger;
// - createTracker alone on the existing ledger and on a new directory;
// - one tracked send of a 10 x 5 MB message (wrong-patient check off): the
//   main thread's event-loop delay during it, the send's time, and the
//   ledger's files afterwards;
// - this build only: the same message queued while the service was away,
//   then sent by the next process's tracker once it starts (the restart
//   after an outage or a crash): the event-loop delay from start() until it
//   is sent, while the tracker opens the stored content and sends it.
// BENCH_LEDGER_MESSAGES (or `npm run bench -- tracker-ledger --count N`)
// sets the count, 100,000 by default.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baselinePackage, type BaselinePackage } from '../lib/baseline-package.js';
import { runChild } from '../lib/children.js';
import { closedPort } from '../../test/helpers/closed-port.js';
import { toRow, type Row } from '../lib/table.js';
import type { Target } from '../lib/evaluate.js';
import type { LedgerArgs, LedgerResult } from '../lib/tracker-ledger-protocol.js';
import type { BenchContext } from './context.js';

/** The last commit whose embedded ledger is PGlite: the figures the SQLite ledger is measured against. */
export const PGLITE_COMMIT = '6fb4946';
const OPEN_SAMPLES = 3;
const SEND_SAMPLES = 2;
const CONCURRENCY = 64;
const SEED = 32;
/** The young generation's cap of the second adoption (MB per semi-space; V8's own on this machine reaches 64). */
export const CAPPED_SEMI_SPACE_MB = 4;

interface Side {
  name: string;
  script?: string | undefined;
}

interface SideFigures {
  rss: { newDir: number; sameDir: number; memory: number; youngCapped?: number };
  adoptSeconds: number[];
  openExisting: number[];
  openNew: number[];
  send: LedgerResult[];
  resend: LedgerResult[];
}

export async function trackerLedgerScenario({ serverUrl, log }: BenchContext): Promise<Row[]> {
  const count = Number(process.env['BENCH_LEDGER_MESSAGES'] ?? 100_000);
  if (!Number.isInteger(count) || count < 1) throw new RangeError('BENCH_LEDGER_MESSAGES must be a whole number of at least 1');
  const baseline: BaselinePackage | undefined = await baselinePackage(log, { BENCH_TRACKER_BASELINE: process.env['BENCH_LEDGER_BASELINE'] ?? PGLITE_COMMIT });
  const sides: Side[] = [{ name: 'this build' }, ...(baseline ? [{ name: baseline.name, script: baseline.script('tracker-ledger') }] : [])];
  const figures: SideFigures[] = [];
  for (const side of sides) figures.push(await measureSide(side, count, serverUrl, log));
  const [sdk, before] = figures as [SideFigures, SideFigures | undefined];
  const baselineName = baseline?.name;
  const row = (metric: string, unit: string, target: Target, pick: (f: SideFigures) => number[], note?: string): Row =>
    toRow({ scenario: 'tracker-ledger', metric, unit, target, sdkSamples: pick(sdk), baselineSamples: before && pick(before).length > 0 ? pick(before) : undefined, baselineName, note });
  const n = count.toLocaleString('en-GB');
  const rss: Target = { kind: 'max', limit: 100, unit: 'MB' };
  const sendFiles = (f: SideFigures): LedgerResult['files'] => f.send.at(-1)?.files ?? null;
  const filesNote = (f: SideFigures | undefined, name: string): string => {
    const files = f ? sendFiles(f) : null;
    return files ? `${name}: ${files.count} files, ${(files.bytes / 1_048_576).toFixed(1)} MB` : '';
  };
  return [
    row(`peak RSS, create+start+${n} adopted+close, new dir`, 'MB', rss, (f) => [f.rss.newDir]),
    row(`peak RSS, create+start+${n} adopted+close, same dir`, 'MB', rss, (f) => [f.rss.sameDir]),
    row(`peak RSS, create+start+${n} adopted+close, memory:`, 'MB', rss, (f) => [f.rss.memory]),
    row(
      `peak RSS, the same on a new dir, young generation capped`,
      'MB',
      { kind: 'report' },
      (f) => (f.rss.youngCapped === undefined ? [] : [f.rss.youngCapped]),
      `--max-semi-space-size=${CAPPED_SEMI_SPACE_MB}; this build only`,
    ),
    row(`createTracker on the existing ${n} ledger`, 'ms', { kind: 'max', limit: 100, unit: 'ms' }, (f) => f.openExisting),
    row('createTracker on a new directory', 'ms', { kind: 'max', limit: 100, unit: 'ms' }, (f) => f.openNew),
    row(`adopting ${n} (track(), ${CONCURRENCY} in flight)`, 's', { kind: 'report' }, (f) => f.adoptSeconds, 'new dir, same dir, memory:; expected >= 5x faster than PGlite'),
    row('ledger on disk after a 10 x 5 MB send', 'MB', { kind: 'report' }, (f) => [(sendFiles(f)?.bytes ?? 0) / 1_048_576], [filesNote(sdk, 'this build'), filesNote(before, baselineName ?? '')].filter(Boolean).join('; ')),
    row('event loop max during a 10 x 5 MB tracked send', 'ms', { kind: 'max', limit: 100, unit: 'ms' }, (f) => f.send.map((s) => s.loop?.maxMs ?? NaN), 'wrong-patient check off'),
    row('event loop p99 during a 10 x 5 MB tracked send', 'ms', { kind: 'max', limit: 20, unit: 'ms' }, (f) => f.send.map((s) => s.loop?.p99Ms ?? NaN)),
    row('the 10 x 5 MB tracked send', 'ms', { kind: 'report' }, (f) => f.send.map((s) => s.sendMs)),
    row(
      'event loop max while the next process sends a queued 10 x 5 MB message',
      'ms',
      { kind: 'max', limit: 100, unit: 'ms' },
      (f) => f.resend.map((s) => s.loop?.maxMs ?? NaN),
      `from start() until sent: p99 ${sdk.resend.map((s) => (s.loop?.p99Ms ?? NaN).toFixed(1)).join(' / ')} ms, ${sdk.resend.map((s) => Math.round(s.sendMs)).join(' / ')} ms; this build only`,
    ),
  ];
}

/** One tracker-ledger child: its mode, its database, and what sets it apart (seed, Node flags, the service it talks to). */
type RunLedgerChild = (mode: LedgerArgs['mode'], database: string, seed?: number, flags?: string[], service?: string) => Promise<LedgerResult>;

async function measureSide(side: Side, count: number, url: string, log: (m: string) => void): Promise<SideFigures> {
  const scratch = mkdtempSync(join(tmpdir(), 'cdms-bench-ledger-'));
  const run: RunLedgerChild = (mode, database, seed = SEED, flags = [], service = url) =>
    runChild<LedgerResult>('tracker-ledger', {
      args: [JSON.stringify({ mode, database, url: service, apiKey: 'bench-key', count, concurrency: CONCURRENCY, seed } satisfies LedgerArgs)],
      nodeFlags: ['--expose-gc', ...flags],
      ownMaxRss: true,
      ...(side.script ? { script: side.script } : {}),
    });
  try {
    const ledger = join(scratch, 'ledger');
    log(`tracker-ledger ${side.name}: ${count} adopted on a new directory`);
    const newDir = await run('adopt', ledger);
    const openExisting: number[] = [];
    const openNew: number[] = [];
    for (let i = 0; i < OPEN_SAMPLES; i++) {
      openExisting.push((await run('open', ledger)).createMs);
      openNew.push((await run('open', join(scratch, `new-${i}`))).createMs);
    }
    log(`tracker-ledger ${side.name}: ${count} more adopted on the same directory`);
    const sameDir = await run('adopt', ledger, SEED + 1);
    log(`tracker-ledger ${side.name}: ${count} adopted on memory:`);
    const memory = await run('adopt', 'memory:');
    let youngCapped: number | undefined;
    if (!side.script) {
      log(`tracker-ledger ${side.name}: ${count} adopted on a new directory, young generation capped`);
      youngCapped = (await run('adopt', join(scratch, 'capped'), SEED + 2, [`--max-semi-space-size=${CAPPED_SEMI_SPACE_MB}`])).maxRssMb;
    }
    const { send, resend } = await measureSends(side, run, scratch, log);
    const f: SideFigures = {
      rss: { newDir: newDir.maxRssMb, sameDir: sameDir.maxRssMb, memory: memory.maxRssMb, ...(youngCapped === undefined ? {} : { youngCapped }) },
      adoptSeconds: [newDir, sameDir, memory].map((r) => r.adoptMs / 1000),
      openExisting,
      openNew,
      send,
      resend,
    };
    const sends = (list: LedgerResult[]) => list.map((s) => ({ ms: Math.round(s.sendMs), loop: s.loop, files: s.files }));
    log(`tracker-ledger ${side.name}: ${JSON.stringify({ ...f, send: sends(send), resend: sends(resend) })}`);
    return f;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The tracked sends of the 10 x 5 MB message; on this build, the same message queued then sent by the next process. */
async function measureSends(side: Side, run: RunLedgerChild, scratch: string, log: (m: string) => void): Promise<Pick<SideFigures, 'send' | 'resend'>> {
  const send: LedgerResult[] = [];
  for (let i = 0; i < SEND_SAMPLES; i++) {
    log(`tracker-ledger ${side.name}: a 10 x 5 MB tracked send (${i + 1} of ${SEND_SAMPLES})`);
    send.push(await run('send', join(scratch, `send-${i}`)));
  }
  const resend: LedgerResult[] = [];
  for (let i = 0; i < SEND_SAMPLES && !side.script; i++) {
    log(`tracker-ledger ${side.name}: a 10 x 5 MB message queued, then sent by the next process (${i + 1} of ${SEND_SAMPLES})`);
    const database = join(scratch, `resend-${i}`);
    await run('queue', database, SEED, [], `http://127.0.0.1:${await closedPort()}/`);
    resend.push(await run('resend', database));
  }
  return { send, resend };
}
