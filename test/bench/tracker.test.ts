// The tracker scenario's pure helpers: message ids, shares, statement labels,
// counters added up and divided per poll, capacity arithmetic and rows. No
// timing is asserted.
import { describe, expect, it } from 'vitest';
import { DbMeter, lsnBytes, protocolStatementText, statementLabel } from '../../bench/lib/db-meter.js';
import type { EngineResult } from '../../bench/lib/tracker-config.js';
import { messagesFollowed, pollsPerSecondNeeded, stretch, sumTicks, type Totals } from '../../bench/lib/tracker-figures.js';
import { shares, trackedMessageBody, trackedMessageId } from '../../bench/lib/tracker-ids.js';
import type { Tick } from '../../bench/lib/tracker-protocol.js';
import { cycleComplete, dbMsPerPoll, fullCycleSeconds, ledgerFailure, trackerRows } from '../../bench/lib/tracker-rows.js';
import { UUID_PATTERN } from '../../src/schemas/uuid.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('tracker bench: messages', () => {
  it('trackedMessageId: a version-4 UUID, the same for the same seed and index, different otherwise', () => {
    const ids = Array.from({ length: 1_000 }, (_, i) => trackedMessageId(12, i));
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(ids.every((id) => UUID_PATTERN.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(trackedMessageId(12, 7)).toBe(ids[7]);
    expect(trackedMessageId(13, 7)).not.toBe(ids[7]);
  });

  it('trackedMessageBody: a standard message with that id and one text attachment', () => {
    const body = JSON.parse(trackedMessageBody(trackedMessageId(1, 0))) as { messageId: string; attachments: { content: string }[] };
    expect(body.messageId).toBe(trackedMessageId(1, 0));
    expect(body.attachments).toHaveLength(1);
    expect(Buffer.from(body.attachments[0]!.content, 'base64').toString()).toBe('Discharged home.');
  });

  it('shares: contiguous, covering every index once, sizes differing by at most one', () => {
    const parts = shares(10, 103, 4);
    expect(parts).toEqual([
      { first: 10, count: 26 },
      { first: 36, count: 26 },
      { first: 62, count: 26 },
      { first: 88, count: 25 },
    ]);
    expect(shares(0, 8, 4).map((p) => p.count)).toEqual([2, 2, 2, 2]);
  });
});

describe('tracker bench: statements', () => {
  it('statementLabel: the first four words, schema and quotes removed, whitespace folded', () => {
    expect(statementLabel('\n      UPDATE "cdms_tracker".messages m SET lease_owner = $1')).toBe('UPDATE messages m SET');
    expect(statementLabel('INSERT INTO cdms_tracker.budget AS b (name)')).toBe('INSERT INTO budget AS');
    expect(statementLabel('BEGIN')).toBe('BEGIN');
  });

  it('protocolStatementText: the SQL of a Parse or Query message, nothing for others', () => {
    const parse = Buffer.concat([Buffer.from('P\0\0\0\0'), Buffer.from('\0SELECT 1\0'), Buffer.from([0, 0])]);
    const query = Buffer.concat([Buffer.from('Q\0\0\0\0'), Buffer.from('COMMIT\0')]);
    expect(protocolStatementText(parse)).toBe('SELECT 1');
    expect(protocolStatementText(query)).toBe('COMMIT');
    expect(protocolStatementText(Buffer.from('S\0\0\0\x04'))).toBeUndefined();
  });

  it('DbMeter: counts and milliseconds in all and by kind; snapshots are copies', () => {
    const meter = new DbMeter();
    meter.record('BEGIN', 1);
    meter.record('BEGIN', 2);
    meter.record('COMMIT', 4);
    const snap = meter.snapshot();
    expect(snap).toEqual({ statements: 3, ms: 7, byKind: { BEGIN: { count: 2, ms: 3 }, COMMIT: { count: 1, ms: 4 } } });
    meter.record('COMMIT', 1);
    expect(snap.byKind['COMMIT']).toEqual({ count: 1, ms: 4 });
  });

  it('lsnBytes: both halves of an LSN, high one times 2^32', () => {
    expect(lsnBytes('0/16B3748')).toBe(0x16b3748);
    expect(lsnBytes('1/0')).toBe(2 ** 32);
  });
});

function tick(at: number, polls: number, statements: number, walBytes: number, byKind: Record<string, { count: number; ms: number }> = {}, unhandledEvents = 0): Tick {
  return { at, polls, errors: 0, attemptErrors: 0, db: { statements, ms: statements / 2, byKind }, cpuMs: polls * 3, rssMb: 100, wasmMb: 0, walBytes, unhandledEvents };
}

describe('tracker bench: figures', () => {
  it('sumTicks: adds counters and kinds; the earliest or latest time; the furthest WAL position; the most unhandled events seen', () => {
    const a = tick(1_000, 10, 30, 5_000, { BEGIN: { count: 10, ms: 1 } }, 40);
    const b = tick(1_200, 20, 50, 7_000, { BEGIN: { count: 5, ms: 2 }, COMMIT: { count: 5, ms: 1 } });
    const start = sumTicks([a, b], 'earliest');
    // One database: events are counted by the watching process only, the others say 0.
    expect(start).toMatchObject({ at: 1_000, polls: 30, statements: 80, dbMs: 40, cpuMs: 90, walBytes: 7_000, unhandledEvents: 40 });
    expect(start.byKind).toEqual({ BEGIN: { count: 15, ms: 3 }, COMMIT: { count: 5, ms: 1 } });
    expect(sumTicks([a, b], 'latest').at).toBe(1_200);
    expect(() => sumTicks([], 'latest')).toThrow(RangeError);
  });

  it('stretch: the work between two totals per poll, kinds most frequent first', () => {
    const from: Totals = sumTicks([tick(0, 100, 300, 1_000, { X: { count: 100, ms: 10 } })], 'latest');
    const to: Totals = sumTicks([tick(4_000, 500, 1_500, 401_000, { X: { count: 500, ms: 50 }, Y: { count: 800, ms: 80 } })], 'latest');
    const s = stretch(from, to);
    expect(s).toMatchObject({ polls: 400, seconds: 4, pollsPerSecond: 100, statementsPerPoll: 3, dbMsPerPoll: 1.5, cpuMsPerPoll: 3, walBytesPerPoll: 1_000 });
    expect(s.byKindPerPoll).toEqual([
      { kind: 'Y', perPoll: 2, msPerPoll: 0.2 },
      { kind: 'X', perPoll: 1, msPerPoll: 0.1 },
    ]);
    expect(() => stretch(to, to)).toThrow(RangeError);
  });

  it('capacity: 100,000 messages at four polls a day need 4.63 polls/s, and 4.63 polls/s follow them', () => {
    expect(pollsPerSecondNeeded(100_000, 4)).toBeCloseTo(4.63, 2);
    expect(messagesFollowed(pollsPerSecondNeeded(100_000, 4), 4)).toBeCloseTo(100_000, 6);
  });
});

function result(overrides: Partial<EngineResult> = {}): EngineResult {
  const s = { polls: 1_000, errors: 0, attemptErrors: 0, seconds: 10, pollsPerSecond: 100, statementsPerPoll: 3, dbMsPerPoll: 0.5, cpuMsPerPoll: 2, walBytesPerPoll: 900, byKindPerPoll: [] };
  return {
    engine: 'embedded',
    instances: 1,
    messages: 1_000,
    fill: { tracked: 1_000, ms: 2_000, statementsPerTrack: 1, dbMsPerTrack: 0.4, cloneMs: 0 },
    startMs: [900, 1_000, 1_100],
    createMs: [600, 700, 800],
    rssAfterStartMb: [300, 310, 320],
    maxRssMb: [400],
    pacedMaxRssMb: [180],
    wasmMb: { afterStart: 189, end: 200 },
    cycle: s,
    setAside: 0,
    steady: { ...s, pollsPerSecond: 200 },
    paced: { ...s, pollsPerSecond: 5, statementsPerPoll: 1.4, dbMsPerPoll: 0.3 },
    pacedRate: 5,
    server: null,
    pollsByInstance: [1_000],
    errorKinds: {},
    attemptErrorKinds: {},
    ledger: { messages: 1_000, polled: 1_000, maxPolls: 3, sumPolls: 2_500, countedPolls: 2_500 },
    loadAverage: [1, 1, 1],
    ...overrides,
  };
}

describe('tracker bench: rows', () => {
  it('ledgerFailure: none when every message was polled and the counts agree', () => {
    expect(ledgerFailure(result())).toBeUndefined();
  });

  it('ledgerFailure: names failed calls, unpolled messages and counts that disagree', () => {
    expect(ledgerFailure(result({ errorKinds: { TimeoutError: 30 } }))).toMatch(/30 x TimeoutError/);
    // A few failed calls are retried at the next poll: up to 1% is normal life, not a broken run.
    expect(ledgerFailure(result({ errorKinds: { ConnectionError: 25 } }))).toBeUndefined();
    expect(ledgerFailure(result({ ledger: { messages: 1_000, polled: 990, maxPolls: 2, sumPolls: 2_490, countedPolls: 2_490 } }))).toMatch(/990 messages polled, fewer than the 1000/);
    expect(ledgerFailure(result({ ledger: { messages: 1_000, polled: 1_000, maxPolls: 2, sumPolls: 2_490, countedPolls: 2_500 } }))).toMatch(/2490 polls, the trackers made 2500/);
    expect(ledgerFailure(result({ ledger: { messages: 999, polled: 999, maxPolls: 2, sumPolls: 2_500, countedPolls: 2_500 } }))).toMatch(/holds 999 messages, not 1000/);
  });

  it('ledgerFailure: after a first-poll stretch cut short, as many messages polled as first polls made', () => {
    const cut = { ...result().cycle, polls: 300, errors: 2 };
    const ledger = { messages: 1_000, polled: 302, maxPolls: 3, sumPolls: 900, countedPolls: 900 };
    expect(ledgerFailure(result({ cycle: cut, setAside: 698, ledger }))).toBeUndefined();
    expect(ledgerFailure(result({ cycle: cut, setAside: 698, ledger: { ...ledger, polled: 301 } }))).toMatch(/301 messages polled, fewer than the 302 first polls/);
  });

  it('fullCycleSeconds: measured when every message was polled, else the messages over the first-poll rate', () => {
    expect(cycleComplete(result())).toBe(true);
    expect(fullCycleSeconds(result())).toBe(10);
    const cut = result({ messages: 100_000, cycle: { ...result().cycle, polls: 1_500, seconds: 30, pollsPerSecond: 50 } });
    expect(cycleComplete(cut)).toBe(false);
    expect(fullCycleSeconds(cut)).toBe(2_000);
    expect(trackerRows(cut).some((r) => r.metric === 'full poll cycle of 100,000 (projected)' && r.sdk === 2_000)).toBe(true);
  });

  it('trackerRows: the polls/s rows aim at ten times what the messages need at four polls a day, and fail on a bad ledger', () => {
    const rows = trackerRows(result({ messages: 100_000, ledger: { messages: 100_000, polled: 100_000, maxPolls: 2, sumPolls: 150_000, countedPolls: 150_000 } }));
    const steady = rows.find((r) => r.metric === 'polls/s, steady')!;
    expect(steady.target).toBe('>= 46.3 polls/s');
    expect(steady.pass).toBe(true);
    expect(rows.find((r) => r.metric.startsWith('start on'))?.sdk).toBe(1_000);
    // The stretch at the default rate has its own rows, named by the rate.
    expect(rows.find((r) => r.metric === 'statements per poll at 5 polls/s')?.sdk).toBe(1.4);
    expect(rows.find((r) => r.metric === 'DB ms per poll at 5 polls/s')?.sdk).toBe(0.3);
    const bad = trackerRows(result({ errorKinds: { AbortError: 100 } })).find((r) => r.metric === 'polls/s, steady')!;
    expect(bad.pass).toBe(false);
    expect(new Set(rows.map((r) => r.scenario))).toEqual(new Set(['tracker-embedded']));
  });

  it('dbMsPerPoll: PGlite time on the embedded engine, the server CPU on PostgreSQL', () => {
    expect(dbMsPerPoll(result(), 'steady')).toBe(0.5);
    const server = { cpuMsPerPoll: 1.25, execMsPerPoll: 0.4, statementsPerPoll: 3, walBytesPerPoll: 800 };
    const pg = result({ engine: 'postgres', instances: 4, server: { cycle: server, steady: { ...server, cpuMsPerPoll: 0.75 }, paced: { ...server, cpuMsPerPoll: 2 } } });
    expect(dbMsPerPoll(pg, 'steady')).toBe(0.75);
    expect(dbMsPerPoll(pg, 'paced')).toBe(2);
    expect(dbMsPerPoll(result(), 'paced')).toBe(0.3);
    expect(trackerRows(pg)[0]?.scenario).toBe('tracker-postgres-4');
  });
});
