// `cdms track list`: tracked messages, newest first, a page at a time.
import type { Command } from 'commander';
import type { TrackerListOptions } from '../../../tracker/internal.js';
import { MESSAGE_STATUSES } from '../../../schemas/vocabulary.js';
import type { CliContext } from '../../config.js';
import { withExamples } from '../../help.js';
import { parseRoute } from '../../message.js';
import { listLines } from '../../track-format.js';
import { printPage, withPaging } from './paging.js';
import { STAGES, parseLimit, parseStage, readOnlyCommand, type TrackOptions } from './shared.js';

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

/** Adds `cdms track list`. */
export function registerList(track: Command, ctx: CliContext): void {
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

