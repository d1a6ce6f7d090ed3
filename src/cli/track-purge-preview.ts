// `cdms track purge --dry-run`: what a purge would delete, counted, and
// nothing changed, so that whoever runs it on a schedule can see first what
// the period they chose would take.
import type { PurgePreview, ReadOnlyTracker } from '../tracker/internal.js';
import type { CliContext } from './config.js';
import { count, formatTime } from './track-format.js';

/** The lines of a dry run: counts, the cut-off, and that the audit stays. */
export function purgePreviewLines(p: PurgePreview, olderThan: string): string[] {
  if (p.messages === 0) return [`Dry run, nothing deleted. Nothing would be deleted: no settled message was last changed more than ${olderThan} ago.`];
  return [
    `Dry run, nothing deleted. A purge now would delete ${count(p.messages, 'settled message', 'settled messages')} last changed before ${formatTime(p.before)} (more than ${olderThan} ago), with ${count(p.histories, 'history row', 'history rows')} and ${count(p.events, 'event', 'events')}.`,
    p.audited === 0
      ? 'None of them has entries in the audit.'
      : `${count(p.audited, 'of them has', 'of them have')} entries in the audit: the entries stay, and the worklist says when the message was removed.`,
  ];
}

/** Prints what `purge` would delete, as JSON (`dryRun: true`) or lines. */
export async function printPurgePreview(ctx: CliContext, tracker: ReadOnlyTracker, olderThanMs: number, olderThan: string): Promise<void> {
  const preview = await tracker.previewPurge(olderThanMs);
  ctx.out.result({ dryRun: true, ...preview }, purgePreviewLines(preview, olderThan));
}
