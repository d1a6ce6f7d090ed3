import { describe, expect, it } from 'vitest';
import { judgeHealth, type HealthFacts, type LedgerFacts, type TrackerLoopHealth } from '../../../src/tracker/report/health.js';

const NOW = Date.parse('2026-11-26T08:00:00Z');
const LIMITS = { stuckAfterMs: 120_000, stalledAfterMs: 120_000, eventsLateAfterMs: 300_000 };
const loop = (fields: Partial<TrackerLoopHealth> = {}): TrackerLoopHealth => ({
  running: true,
  lastSuccessAt: new Date(NOW - 1_000),
  failures: 0,
  lastError: null,
  roundStartedAt: null,
  ...fields,
});
const ledger = (fields: Partial<LedgerFacts> = {}): LedgerFacts => ({
  lastPollAt: new Date(NOW - 1_000),
  overduePolls: 0,
  unhandledEvents: 0,
  oldestUnhandledEventAt: null,
  attention: 0,
  oldestUnresolved: null,
  failingNotifiers: [],
  writeFault: null,
  ...fields,
});
const facts = (fields: Partial<HealthFacts> = {}): HealthFacts => ({
  now: NOW,
  state: 'running',
  database: { reachable: true, responseMs: 3, error: null },
  loops: { polling: loop(), events: loop(), retention: loop(), notifications: null, heartbeat: null },
  ledger: ledger(),
  ...fields,
});
const codes = (f: HealthFacts): [string, string][] => judgeHealth(f, LIMITS).reasons.map((r) => [r.code, r.severity]);

describe('the health verdict', () => {
  it('all well: ok, no reasons', () => {
    expect(judgeHealth(facts(), LIMITS)).toEqual({ ok: true, reasons: [] });
  });

  it('a ledger whose disk refuses writes is failing, naming the code and since when, though its reads answer', () => {
    const since = new Date(NOW - 30_000);
    const v = judgeHealth(facts({ ledger: ledger({ writeFault: { code: 'SQLITE_FULL', since } }) }), LIMITS);
    expect(v.ok).toBe(false);
    expect(v.reasons.map((r) => [r.code, r.severity])).toEqual([['ledger-not-writable', 'failing']]);
    expect(v.reasons[0]?.message).toContain('SQLITE_FULL: the disk is full');
    expect(v.reasons[0]?.message).toContain(since.toISOString());
  });

  it('a database that did not answer is failing, with what it said (and nothing of the ledger is judged)', () => {
    const v = judgeHealth(facts({ database: { reachable: false, responseMs: null, error: 'no answer within 3000 ms' }, ledger: null }), LIMITS);
    expect(v.ok).toBe(false);
    expect(v.reasons).toEqual([{ code: 'database-unreachable', severity: 'failing', message: 'The tracker database did not answer: no answer within 3000 ms.' }]);
  });

  it('the service failing the last three requests is a warning naming its failures; overdue polls then blame it, not the rate', () => {
    const failingSince = new Date(NOW - 60_000);
    const service = { failures: 3, failingSince, lastError: 'ConnectionError: could not connect to the service', lastAnswerAt: null };
    const v = judgeHealth(facts({ service, ledger: ledger({ overduePolls: 2 }) }), LIMITS);
    expect(v.ok).toBe(true);
    expect(v.reasons).toEqual([
      {
        code: 'service-failing',
        severity: 'warning',
        message: `The service failed the tracker's last 3 requests since ${failingSince.toISOString()} (ConnectionError: could not connect to the service): it cannot be reached, is failing, or refuses the API key. Sends and polls wait and are retried; check the base URL, the network, the API key and the service status.`,
      },
      { code: 'polls-overdue', severity: 'warning', message: '2 polls are overdue; the service is failing (see service-failing).' },
    ]);
    expect(codes(facts({ service: { ...service, failures: 2 } }))).toEqual([]);
  });

  it('a loop failing three rounds in a row is failing (the heartbeat too); two are not yet', () => {
    expect(codes(facts({ loops: { polling: loop({ failures: 2, lastError: 'X' }), events: loop(), retention: loop(), notifications: null, heartbeat: null } }))).toEqual([]);
    expect(codes(facts({ loops: { polling: loop(), events: loop(), retention: loop(), notifications: null, heartbeat: loop({ failures: 3, lastError: 'X' }) } }))).toEqual([['loop-failing', 'failing']]);
  });

  it('a notifier the ledger finds failing is a warning naming it and its error, and ok stays true', () => {
    const lastError = "Error: unexpected error (details withheld; see the app's logs)";
    const v = judgeHealth(facts({ ledger: ledger({ failingNotifiers: [{ name: 'ops-email', attempts: 4, lastError }] }) }), LIMITS);
    expect(v.ok).toBe(true);
    expect(v.reasons).toEqual([
      {
        code: 'notifier-failing',
        severity: 'warning',
        message: 'The notifier "ops-email" failed 4 times in a row (Error: unexpected error (details withheld; see the app\'s logs)): people may not be told of new attention; it keeps retrying.',
      },
    ]);
  });

  it('a round longer than a lease is stuck', () => {
    const stuck = loop({ roundStartedAt: new Date(NOW - LIMITS.stuckAfterMs - 1) });
    const busy = loop({ roundStartedAt: new Date(NOW - LIMITS.stuckAfterMs) });
    expect(codes(facts({ loops: { polling: loop(), events: busy, retention: loop(), notifications: null, heartbeat: null } }))).toEqual([]);
    expect(codes(facts({ loops: { polling: loop(), events: stuck, retention: loop(), notifications: null, heartbeat: null } }))).toEqual([['loop-stuck', 'failing']]);
  });

  it('overdue polls: a warning while polls are made, failing once none has been made for a while', () => {
    expect(codes(facts({ ledger: ledger({ overduePolls: 5 }) }))).toEqual([['polls-overdue', 'warning']]);
    expect(codes(facts({ ledger: ledger({ overduePolls: 5, lastPollAt: new Date(NOW - LIMITS.stalledAfterMs - 1) }) }))).toEqual([['polls-stalled', 'failing']]);
    expect(codes(facts({ ledger: ledger({ overduePolls: 5, lastPollAt: null }) }))).toEqual([['polls-stalled', 'failing']]);
    // Nothing due: no poll for a long time is fine.
    expect(codes(facts({ ledger: ledger({ lastPollAt: null }) }))).toEqual([]);
  });

  it('events waiting long and attention are warnings; failing reasons come first', () => {
    const f = facts({
      state: 'not-started',
      ledger: ledger({ attention: 2, unhandledEvents: 3, oldestUnhandledEventAt: new Date(NOW - LIMITS.eventsLateAfterMs - 1) }),
    });
    const v = judgeHealth(f, LIMITS);
    expect(v.ok).toBe(false);
    expect(v.reasons.map((r) => [r.code, r.severity])).toEqual([['not-started', 'failing'], ['events-waiting', 'warning'], ['attention', 'warning']]);
    expect(codes(facts({ ledger: ledger({ unhandledEvents: 3, oldestUnhandledEventAt: new Date(NOW - 1_000) }) }))).toEqual([]);
  });

  it('closed: that one reason, not an unreachable database besides', () => {
    expect(codes(facts({ state: 'closed', database: { reachable: false, responseMs: null, error: 'the tracker is closed' }, ledger: null }))).toEqual([['closed', 'failing']]);
  });
});
