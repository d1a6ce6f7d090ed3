// The bench's command line: scenario names run alone, --count sets the tracker scenarios' message count.
import { describe, expect, it } from 'vitest';
import { benchArguments } from '../../bench/lib/arguments.js';

const KNOWN = ['send', 'pdf-send', 'tracker', 'tracker-ledger'];

describe('bench command line', () => {
  it('runs every scenario when none is named, and the named ones (with BENCH_ONLY) otherwise', () => {
    expect(benchArguments([], {}, KNOWN)).toBeUndefined();
    expect(benchArguments(['tracker-ledger', 'pdf-send'], {}, KNOWN)).toEqual(['tracker-ledger', 'pdf-send']);
    expect(benchArguments(['tracker'], { BENCH_ONLY: 'send' }, KNOWN)).toEqual(['send', 'tracker']);
  });

  it('--count N (or --count=N) sets the message count of both tracker scenarios', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(benchArguments(['tracker-ledger', '--count', '1000'], env, KNOWN)).toEqual(['tracker-ledger']);
    expect(env).toEqual({ BENCH_TRACKER_MESSAGES: '1000', BENCH_LEDGER_MESSAGES: '1000' });
    const other: NodeJS.ProcessEnv = {};
    benchArguments(['--count=300'], other, KNOWN);
    expect(other['BENCH_LEDGER_MESSAGES']).toBe('300');
  });

  it('refuses an unknown scenario or a count that is not a whole number, naming what it takes', () => {
    expect(() => benchArguments(['trackers'], {}, KNOWN)).toThrow(/unknown scenario "trackers": one of send, pdf-send/);
    expect(() => benchArguments(['--count', 'many'], {}, KNOWN)).toThrow(/--count takes a whole number/);
    expect(() => benchArguments(['--count'], {}, KNOWN)).toThrow(/--count takes a whole number/);
  });
});
