// What the `cdms track` subcommands share: their flags, the checks of a
// stage, a page size and a message id, how a subcommand is added (its plan
// checked before the ledger is opened) and the message the ledger holds.
import type { Command } from 'commander';
import { UnknownMessageError, type ReadOnlyTracker, type TrackedMessage, type TrackerStage } from '../../../tracker/internal.js';
import { UUID_PATTERN } from '../../../schemas/uuid.js';
import type { CliContext, GlobalOptions } from '../../config.js';
import { UsageError } from '../../errors.js';
import { withReadOnlyTracker, type TrackerDatabaseFlags } from '../../tracker-database.js';

/** The flags of every `cdms track` subcommand. */
export interface TrackOptions extends GlobalOptions, TrackerDatabaseFlags {
  status?: string | undefined;
  route?: string | undefined;
  stage?: string | undefined;
  attention?: boolean | undefined;
  limit?: string | undefined;
  cursor?: string | undefined;
  strict?: boolean | undefined;
  timeout?: string | undefined;
  olderThan?: string | undefined;
  by?: string | undefined;
  note?: string | undefined;
  dryRun?: boolean | undefined;
}

/** The tracker's stages, as `--stage` takes them. */
export const STAGES: readonly TrackerStage[] = ['sending', 'queued', 'following', 'failed', 'settled'];
/** Plans a subcommand's work from its flags and arguments, checking them, before the ledger is opened. */
export type ReadOnlyPlan = (options: TrackOptions, args: string[]) => ReadOnlyWork;

/** `--stage`'s value. @throws UsageError unless it names a stage. */
export function parseStage(value: string): TrackerStage {
  const stage = STAGES.find((s) => s === value.trim().toLowerCase());
  if (!stage) throw new UsageError(`--stage must be one of ${STAGES.join(', ')}.`);
  return stage;
}

/** `--limit`'s value. @throws UsageError unless it is a whole number from 1 to 1000. */
export function parseLimit(value: string): number {
  const limit = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || limit < 1 || limit > 1000) throw new UsageError('--limit must be a whole number from 1 to 1000.');
  return limit;
}

/** The message id argument, trimmed. @throws UsageError unless it is a UUID (the value is not echoed). */
export function messageIdOf(value: string): string {
  const id = value.trim();
  if (!UUID_PATTERN.test(id)) throw new UsageError('The messageId must be a UUID (8-4-4-4-12 hexadecimal digits), as `cdms send` printed it.');
  return id;
}

/** The `cdms track` subcommands that change the ledger (the rest only read it). */
const WRITING_COMMANDS = new Set(['acknowledge', 'purge']);

/** What a subcommand does on the open ledger, planned from its flags and arguments before the ledger is opened. */
export type ReadOnlyWork = (tracker: ReadOnlyTracker) => Promise<void>;

/**
 * Adds a subcommand. `plan` reads and checks the flags and arguments first,
 * so bad usage never opens (or locks) the database; `limitMs` caps its
 * connection and statements (health's --timeout).
 */
export function readOnlyCommand(track: Command, ctx: CliContext, name: string, plan: ReadOnlyPlan, limitMs?: (options: TrackOptions) => number): Command {
  return track.command(name).action(async (...received: unknown[]) => {
    const cmd = received.at(-1) as Command;
    const options = cmd.optsWithGlobals<TrackOptions>();
    const work = plan(options, cmd.args);
    // Commands that only read open an embedded ledger beside the running app; the ones that write need it to themselves.
    await withReadOnlyTracker(ctx, options, work, { writes: WRITING_COMMANDS.has(name) && options.dryRun !== true, limitMs: limitMs?.(options) });
  });
}

/** The message is not in this ledger: the id, or the database, is not the one meant. */
export class NotInLedgerError extends UnknownMessageError {
  /** @param messageId - The id asked for. */
  constructor(messageId: string) {
    super(messageId);
    this.message = `The tracker database holds no message ${messageId}. Check the id, and that --database (or CDMS_TRACKER_DATABASE) names the database of the app that sent it.`;
  }
}

/** The message as the ledger holds it. @throws NotInLedgerError when it holds no such message. */
export async function heldMessage(tracker: ReadOnlyTracker, messageId: string): Promise<TrackedMessage> {
  const message = await tracker.get(messageId);
  if (!message) throw new NotInLedgerError(messageId);
  return message;
}

