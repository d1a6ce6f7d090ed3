// `cdms track list | show | attention | stats | acknowledge | health | purge |
// serve`: the delivery tracker's ledger from a terminal. They read the ledger
// (acknowledge clears one message's attention, purge deletes settled
// messages; serve is the worklist, see serve.ts) and never call the
// service: no key, no base URL.
// One file per subcommand; what they share is in shared.ts and paging.ts.
import type { Command } from 'commander';
import type { CliContext } from '../../config.js';
import { withExamples } from '../../help.js';
import { withDatabaseOptions } from '../../tracker-database.js';
import { registerAcknowledge } from './acknowledge.js';
import { registerAttention } from './attention.js';
import { registerHealth } from './health.js';
import { registerList } from './list.js';
import { registerPurge } from './purge.js';
import { registerTrackAudit } from './audit.js';
import { registerTrackServe } from './serve.js';
import { registerShow } from './show.js';
import { registerStats } from './stats.js';

/** Registers `cdms track` and its subcommands. */
export function registerTrack(program: Command, ctx: CliContext): void {
  const track = withDatabaseOptions(
    program.command('track').description("the delivery tracker's ledger: list, show, attention, stats, acknowledge, health, purge, audit --verify, and the worklist (serve); no key needed"),
  );
  registerList(track, ctx);
  registerShow(track, ctx);
  registerAttention(track, ctx);
  registerStats(track, ctx);
  registerAcknowledge(track, ctx);
  registerTrackServe(track, ctx);
  registerHealth(track, ctx);
  registerPurge(track, ctx);
  registerTrackAudit(track, ctx);
  withExamples(track, [
    'cdms track attention',
    'CDMS_TRACKER_DATABASE=postgres://cdms@db.internal/cdms cdms track stats --json',
    'cdms track show 3f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11',
  ]);
}
