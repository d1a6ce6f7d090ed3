// A page of the ledger as `list` and `attention` print it, with the command
// that fetches the next page.
import type { Command } from 'commander';
import type { ReadOnlyTracker, TrackerListOptions, TrackerListPage } from '../../../tracker/internal.js';
import { LocalValidationError } from '../../../index.js';
import type { CliContext } from '../../config.js';
import { UsageError } from '../../errors.js';
import type { ReadOnlyWork } from './shared.js';

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

/** Prints one page of `list` (JSON, or `lines` with the command for the next page). */
export function printPage(
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
export function withPaging(command: Command): void {
  command
    .option('--limit <n>', 'page size, 1 to 1000 (default 50)')
    .option('--cursor <cursor>', 'the next page, as the previous page printed it');
}

