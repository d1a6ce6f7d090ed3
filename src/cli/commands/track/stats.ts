// `cdms track stats`: the ledger's counts.
import type { Command } from 'commander';
import type { CliContext } from '../../config.js';
import { withExamples } from '../../help.js';
import { statsLines } from '../../track-format.js';
import { readOnlyCommand } from './shared.js';

/** Adds `cdms track stats`. */
export function registerStats(track: Command, ctx: CliContext): void {
  const command = readOnlyCommand(track, ctx, 'stats', () => async (tracker) => {
    const stats = await tracker.stats();
    ctx.out.result(stats, statsLines(stats, Date.now()));
  }).description('counts by status, route and stage; attention, overdue polls, unhandled events, the oldest unresolved message');
  withExamples(command, ['cdms track stats', 'cdms track stats --json | jq .attention']);
}

