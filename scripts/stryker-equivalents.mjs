// A StrykerJS ignore-plugin: the equivalent mutants listed in
// stryker.config.mjs (EQUIVALENTS) are reported as ignored, with their
// reason, instead of surviving. A mutant is named by its file, the type and
// exact source text of the smallest node that holds it and, where that text
// is not unique, text of its line: an entry follows its code when lines
// move, and stops matching (the mutant shows again) when the code changes.
// Every mutant of the node is ignored, so name the smallest one.
import { relative } from 'node:path';
import { EQUIVALENTS } from '../stryker.config.mjs';

/** The reason a node is an equivalent mutant's, or undefined. */
function shouldIgnore(path) {
  const { node, hub } = path;
  // Stryker traverses each file wrapped in a babel File: the hub has its name and text.
  const file = hub?.file?.opts?.filename;
  const text = hub?.getCode?.();
  if (typeof file !== 'string' || typeof text !== 'string' || typeof node.start !== 'number' || typeof node.end !== 'number') return undefined;
  const name = relative(process.cwd(), file).split('\\').join('/');
  for (const entry of EQUIVALENTS) {
    if (entry.file !== name || entry.node !== node.type) continue;
    if (text.slice(node.start, node.end) !== entry.code) continue;
    // The same text may appear twice in a file: `line`, when given, is text of the node's own line.
    if (entry.line !== undefined && !text.split('\n')[node.loc.start.line - 1]?.includes(entry.line)) continue;
    return `equivalent: ${entry.reason}`;
  }
  return undefined;
}

/** The plugin as StrykerJS declares it (declareValuePlugin's shape, without importing its API package). */
export const strykerPlugins = [{ kind: 'Ignore', name: 'equivalent', value: { shouldIgnore } }];
