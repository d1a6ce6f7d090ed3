// The bench's command line: scenario names to run (as BENCH_ONLY lists them),
// and --count N, the message count of the tracker scenarios (it sets
// BENCH_TRACKER_MESSAGES and BENCH_LEDGER_MESSAGES for this run). Pure but
// for the environment it is handed, checked by test/bench.

/** The scenarios to run (undefined: all), from argv and BENCH_ONLY; sets the counts in `env`. */
export function benchArguments(argv: readonly string[], env: NodeJS.ProcessEnv, known: readonly string[]): string[] | undefined {
  const names: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const count = arg === '--count' ? argv[++i] : arg.startsWith('--count=') ? arg.slice('--count='.length) : undefined;
    if (arg === '--count' || arg.startsWith('--count=')) {
      if (count === undefined || !/^\d+$/.test(count)) throw new RangeError('--count takes a whole number of messages, e.g. --count 1000');
      env['BENCH_TRACKER_MESSAGES'] = count;
      env['BENCH_LEDGER_MESSAGES'] = count;
      continue;
    }
    if (!known.includes(arg)) throw new RangeError(`unknown scenario "${arg}": one of ${known.join(', ')}`);
    names.push(arg);
  }
  const fromEnv = env['BENCH_ONLY']?.split(',').map((s) => s.trim()).filter(Boolean) ?? [];
  const only = [...fromEnv, ...names];
  return only.length > 0 ? only : undefined;
}
