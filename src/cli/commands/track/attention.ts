// `cdms track attention`: the messages a person must look at.
import type { Command } from 'commander';
import type { TrackerListOptions } from '../../../tracker/internal.js';
import type { CliContext } from '../../config.js';
import { withExamples } from '../../help.js';
import { attentionLines } from '../../track-format.js';
import { printPage, withPaging } from './paging.js';
import { parseLimit, readOnlyCommand } from './shared.js';

/** Adds `cdms track attention`. */
export function registerAttention(track: Command, ctx: CliContext): void {
  const command = readOnlyCommand(track, ctx, 'attention', (options) => {
    const list: TrackerListOptions = { attention: true, limit: options.limit === undefined ? undefined : parseLimit(options.limit) };
    return printPage(ctx, 'attention', list, options.cursor, (page, next) => attentionLines(page, next, Date.now()));
  }).description('the messages a person must look at: why, since when, and what to do');
  withPaging(command);
  withExamples(command, ['cdms track attention', "cdms track attention --json | jq -r '.items[] | [.messageId, .attention.reason] | @tsv'"]);
}

