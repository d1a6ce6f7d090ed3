// `cdms track purge`: deletes settled messages older than a period.
import type { Command } from 'commander';
import type { CliContext } from '../../config.js';
import { parseDuration } from '../../duration.js';
import { UsageError } from '../../errors.js';
import { withExamples } from '../../help.js';
import { purgeLines } from '../../track-format.js';
import { printPurgePreview } from '../../track-purge-preview.js';
import { readOnlyCommand } from './shared.js';

/** Adds `cdms track purge`. */
export function registerPurge(track: Command, ctx: CliContext): void {
  const command = readOnlyCommand(track, ctx, 'purge', (options) => {
    if (options.olderThan === undefined) throw new UsageError('--older-than is required: how long settled messages are kept, such as 90d.');
    const olderThan = options.olderThan.trim();
    const olderThanMs = parseDuration(olderThan, '--older-than');
    return async (tracker) => {
      if (options.dryRun === true) return printPurgePreview(ctx, tracker, olderThanMs, olderThan);
      const purged = await tracker.purge(olderThanMs);
      ctx.out.result(purged, purgeLines(purged, olderThan));
    };
  })
    .description('delete settled messages (final, acknowledged, every event handled) last changed before a period, with their history and events')
    .option('--older-than <duration>', 'how long settled messages are kept, such as 90d, 26w or 1d12h (required)')
    .option('--dry-run', 'say what would be deleted (counts) and delete nothing');
  withExamples(command, ['cdms track purge --older-than 90d --dry-run', 'cdms track purge --older-than 90d', 'cdms track purge --older-than 26w --json']);
}

