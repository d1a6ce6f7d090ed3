// `cdms track health`: is the tracker doing its work; exits 1 when not.
import type { Command } from 'commander';
import type { CliContext } from '../../config.js';
import { parseMilliseconds } from '../../duration.js';
import { EXIT } from '../../errors.js';
import { withExamples } from '../../help.js';
import { healthLines } from '../../track-format.js';
import { readOnlyCommand, type TrackOptions } from './shared.js';

/** `cdms track health`'s time limit without --timeout: the health check's own default. */
const HEALTH_TIMEOUT_MS = 3_000;
/** Adds `cdms track health`. */
export function registerHealth(track: Command, ctx: CliContext): void {
  const timeoutOf = (options: TrackOptions): number => (options.timeout === undefined ? HEALTH_TIMEOUT_MS : parseMilliseconds(options.timeout, '--timeout', 1));
  const command = readOnlyCommand(
    track,
    ctx,
    'health',
    (options) => {
      const timeoutMs = timeoutOf(options);
      const strict = options.strict === true;
      // The limit holds from the connection attempt on: the check gets what opening left of it.
      const deadline = Date.now() + timeoutMs;
      return async (tracker) => {
        const health = await tracker.health({ timeoutMs: Math.max(1, deadline - Date.now()) });
        const healthy = health.ok && (!strict || health.reasons.length === 0);
        ctx.out.result(health, healthLines(health, Date.now(), strict));
        // 1, as for a service that cannot be reached: probes and cron read any non-zero as "not ok".
        ctx.exitCode = healthy ? EXIT.ok : EXIT.api;
      };
    },
    timeoutOf,
  )
    .description('is the tracker doing its work: the database, the last poll, overdue polls, waiting events, attention; exits 1 when not')
    .option('--strict', 'warnings (overdue polls, waiting events, attention) count as not ok too')
    .option('--timeout <ms>', 'how long the database may take to answer, from the connection attempt on (default 3000)');
  withExamples(command, ['cdms track health', 'cdms track health --strict --json || alert-the-team', 'CDMS_TRACKER_DATABASE=postgres://cdms@db.internal/cdms cdms track health']);
}

