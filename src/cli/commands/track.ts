// `cdms track list | show | attention | stats | acknowledge | health | purge |
// serve`: the delivery tracker's ledger from a terminal. They read the ledger
// (acknowledge clears one message's attention, purge deletes settled
// messages; serve is the worklist, see track-serve.ts) and never call the
// service: no key, no base URL.
import type { Command } from 'commander';
import {
  UnknownMessageError,
  type ReadOnlyTracker,
  type TrackedMessage,
  type TrackerListOptions,
  type TrackerListPage,
  type TrackerStage,
} from '../../tracker/internal.js';
import { LocalValidationError } from '../../index.js';
import { UUID_PATTERN } from '../../schemas/uuid.js';
import { MESSAGE_STATUSES } from '../../schemas/vocabulary.js';
import type { CliContext, GlobalOptions } from '../config.js';
import { UsageError } from '../errors.js';
import { withExamples } from '../help.js';
import { parseRoute } from '../message.js';
import { parseDuration, parseMilliseconds } from '../duration.js';
import { EXIT } from '../errors.js';
import { attentionLines, healthLines, listLines, messageLines, purgeLines, statsLines } from '../track-format.js';
import { withDatabaseOptions, withReadOnlyTracker, type TrackerDatabaseFlags } from '../tracker-database.js';
import { registerTrackServe } from './track-serve.js';
import { printPurgePreview } from '../track-purge-preview.js';
import { registerTrackAudit } from './track-audit.js';

interface TrackOptions extends GlobalOptions, TrackerDatabaseFlags {
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

const STAGES: readonly TrackerStage[] = ['sending', 'queued', 'following', 'failed', 'settled'];
/** `cdms track health`'s time limit without --timeout: the health check's own default. */
const HEALTH_TIMEOUT_MS = 3_000;
type ReadOnlyPlan = (options: TrackOptions, args: string[]) => ReadOnlyWork;

function parseStage(value: string): TrackerStage {
  const stage = STAGES.find((s) => s === value.trim().toLowerCase());
  if (!stage) throw new UsageError(`--stage must be one of ${STAGES.join(', ')}.`);
  return stage;
}

function parseLimit(value: string): number {
  const limit = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || limit < 1 || limit > 1000) throw new UsageError('--limit must be a whole number from 1 to 1000.');
  return limit;
}

/** The message id argument, trimmed. @throws UsageError unless it is a UUID (the value is not echoed). */
function messageIdOf(value: string): string {
  const id = value.trim();
  if (!UUID_PATTERN.test(id)) throw new UsageError('The messageId must be a UUID (8-4-4-4-12 hexadecimal digits), as `cdms send` printed it.');
  return id;
}

/** `tracker.list` options from the flags; statuses are compared as the service writes them (upper case). */
function listOptions(options: TrackOptions): TrackerListOptions {
  return {
    status: options.status?.trim().toUpperCase(),
    route: options.route === undefined ? undefined : parseRoute(options.route),
    stage: options.stage === undefined ? undefined : parseStage(options.stage),
    attention: options.attention,
    limit: options.limit === undefined ? undefined : parseLimit(options.limit),
  };
}

/** A value as one shell word: as it is when plain, else single-quoted. */
const shellWord = (value: string): string => (/^[\w.-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`);

/** The command that fetches the next page: the same filters, plus `--cursor`. */
function pageCommand(name: string, list: TrackerListOptions): string {
  const flags = [
    list.status === undefined ? '' : ` --status ${shellWord(list.status)}`,
    list.route === undefined ? '' : ` --route ${list.route}`,
    list.stage === undefined ? '' : ` --stage ${list.stage}`,
    list.attention === undefined || name !== 'list' ? '' : list.attention ? ' --attention' : ' --no-attention',
    list.limit === undefined ? '' : ` --limit ${list.limit}`,
  ];
  return `cdms track ${name}${flags.join('')}`;
}

const pageJson = (page: TrackerListPage) => ({ items: page.items, nextCursor: page.nextCursor ?? null });

/** A page of the ledger; the library's objections to `limit` or `cursor` become usage errors naming the flag. */
async function listPage(tracker: ReadOnlyTracker, list: TrackerListOptions, cursor: string | undefined): Promise<TrackerListPage> {
  try {
    return await tracker.list({ ...list, cursor: cursor?.trim() });
  } catch (error) {
    if (!(error instanceof LocalValidationError)) throw error;
    throw new UsageError(
      'Invalid page request.',
      error.invalidParameters.map((p) => ({ name: `--${p.name}`, reason: p.reason })),
    );
  }
}

/** The `cdms track` subcommands that change the ledger (the rest only read it). */
const WRITING_COMMANDS = new Set(['acknowledge', 'purge']);

/** What a subcommand does on the open ledger, planned from its flags and arguments before the ledger is opened. */
type ReadOnlyWork = (tracker: ReadOnlyTracker) => Promise<void>;

/** Prints one page of `list` (JSON, or `lines` with the command for the next page). */
function printPage(
  ctx: CliContext,
  name: 'list' | 'attention',
  list: TrackerListOptions,
  cursor: string | undefined,
  lines: (page: TrackerListPage, nextPageCommand: string) => string[],
): ReadOnlyWork {
  return async (tracker) => {
    const page = await listPage(tracker, list, cursor);
    ctx.out.result(pageJson(page), lines(page, pageCommand(name, list)));
  };
}

/** Adds the paging flags, `--limit` and `--cursor`. */
function withPaging(command: Command): void {
  command
    .option('--limit <n>', 'page size, 1 to 1000 (default 50)')
    .option('--cursor <cursor>', 'the next page, as the previous page printed it');
}

/**
 * Adds a subcommand. `plan` reads and checks the flags and arguments first,
 * so bad usage never opens (or locks) the database; `limitMs` caps its
 * connection and statements (health's --timeout).
 */
function readOnlyCommand(track: Command, ctx: CliContext, name: string, plan: ReadOnlyPlan, limitMs?: (options: TrackOptions) => number): Command {
  return track.command(name).action(async (...received: unknown[]) => {
    const cmd = received.at(-1) as Command;
    const options = cmd.optsWithGlobals<TrackOptions>();
    const work = plan(options, cmd.args);
    // Commands that only read open an embedded ledger beside the running app; the ones that write need it to themselves.
    await withReadOnlyTracker(ctx, options, work, { writes: WRITING_COMMANDS.has(name) && options.dryRun !== true, limitMs: limitMs?.(options) });
  });
}

/** The message is not in this ledger: the id, or the database, is not the one meant. */
class NotInLedgerError extends UnknownMessageError {
  /** @param messageId - The id asked for. */
  constructor(messageId: string) {
    super(messageId);
    this.message = `The tracker database holds no message ${messageId}. Check the id, and that --database (or CDMS_TRACKER_DATABASE) names the database of the app that sent it.`;
  }
}

/** The message as the ledger holds it. @throws NotInLedgerError when it holds no such message. */
async function heldMessage(tracker: ReadOnlyTracker, messageId: string): Promise<TrackedMessage> {
  const message = await tracker.get(messageId);
  if (!message) throw new NotInLedgerError(messageId);
  return message;
}

function registerList(track: Command, ctx: CliContext): void {
  const command = readOnlyCommand(track, ctx, 'list', (options) =>
    printPage(ctx, 'list', listOptions(options), options.cursor, listLines),
  )
    .description('list tracked messages, newest first, a page at a time')
    .option('--status <status>', `only this service status: ${MESSAGE_STATUSES.join(', ')}`)
    .option('--route <route>', 'only this route: standard, instant or gpconnect')
    .option('--stage <stage>', `only this tracker stage: ${STAGES.join(', ')}`)
    .option('--attention', 'only messages that need attention')
    .option('--no-attention', 'only messages that do not');
  withPaging(command);
  withExamples(command, ['cdms track list', 'cdms track list --status PENDING --route gpconnect --limit 20', "cdms track list --stage queued --json | jq -r '.items[].messageId'"]);
}

function registerShow(track: Command, ctx: CliContext): void {
  const command = readOnlyCommand(track, ctx, 'show', (_options, [id]) => {
    const messageId = messageIdOf(id ?? '');
    return async (tracker) => {
      const message = await heldMessage(tracker, messageId);
      ctx.out.result(message, messageLines(message, Date.now()));
    };
  })
    .description('one tracked message: where it is, its attention, and every status seen')
    .argument('<messageId>', 'the messageId `cdms send` printed');
  withExamples(command, ['cdms track show 3f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11', 'cdms track show 3f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11 --json']);
}

function registerAttention(track: Command, ctx: CliContext): void {
  const command = readOnlyCommand(track, ctx, 'attention', (options) => {
    const list: TrackerListOptions = { attention: true, limit: options.limit === undefined ? undefined : parseLimit(options.limit) };
    return printPage(ctx, 'attention', list, options.cursor, (page, next) => attentionLines(page, next, Date.now()));
  }).description('the messages a person must look at: why, since when, and what to do');
  withPaging(command);
  withExamples(command, ['cdms track attention', "cdms track attention --json | jq -r '.items[] | [.messageId, .attention.reason] | @tsv'"]);
}

function registerStats(track: Command, ctx: CliContext): void {
  const command = readOnlyCommand(track, ctx, 'stats', () => async (tracker) => {
    const stats = await tracker.stats();
    ctx.out.result(stats, statsLines(stats, Date.now()));
  }).description('counts by status, route and stage; attention, overdue polls, unhandled events, the oldest unresolved message');
  withExamples(command, ['cdms track stats', 'cdms track stats --json | jq .attention']);
}

function registerAcknowledge(track: Command, ctx: CliContext): void {
  const command = readOnlyCommand(track, ctx, 'acknowledge', (options, [id]) => {
    const messageId = messageIdOf(id ?? '');
    const person = personOf(options);
    return async (tracker) => {
      const before = await heldMessage(tracker, messageId);
      const cleared = before.attention?.reason ?? null;
      // With a person, only the reason they saw is cleared (one raised since stays), and the audit names them.
      if (cleared) await tracker.acknowledge(messageId, person && { ...person, reason: cleared });
      const human = cleared
        ? `Acknowledged: ${messageId} no longer needs attention (${cleared}); the tracker will not raise ${cleared} again for it.`
        : `Nothing to acknowledge: ${messageId} did not need attention.`;
      ctx.out.result({ messageId, acknowledged: cleared }, human);
    };
  })
    .alias('ack')
    .description("clear a message's attention once a person has dealt with it")
    .argument('<messageId>', 'the message, as `cdms track attention` lists it')
    .option('--by <person>', "who dealt with it (their id in your sign-in), kept in the audit; with --note")
    .option('--note <text>', 'what they did about it, kept in the audit (never patient data); with --by');
  withExamples(command, [
    'cdms track acknowledge 3f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11 --by j.smith --note "Phoned the practice; they re-imported it."',
    'cdms track ack 3f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11 --json',
  ]);
}

/** The person of `--by` and `--note`, which go together; none without either. @throws UsageError when only one is given. */
function personOf(options: TrackOptions): { by: string; note: string } | undefined {
  const { by, note } = options;
  if (by === undefined && note === undefined) return undefined;
  if (by === undefined || note === undefined) throw new UsageError('--by and --note go together: who dealt with it, and what they did (the audit keeps both).');
  return { by, note };
}

function registerHealth(track: Command, ctx: CliContext): void {
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

function registerPurge(track: Command, ctx: CliContext): void {
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
