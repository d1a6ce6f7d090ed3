// A StrykerJS ignore-plugin: the equivalent mutants listed in
// stryker.config.mjs (EQUIVALENTS) are reported as ignored, with their
// reason, instead of surviving. A mutant is named by its file and the exact
// source text of the smallest expression that holds it, so an entry follows
// its code when lines move, and stops matching (and the mutant shows again)
// when the code changes.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { EQUIVALENTS } from '../stryker.config.mjs';

/** Each file's text, read once. */
const texts = new Map();

function textOf(file) {
  if (!texts.has(file)) texts.set(file, readFileSync(file, 'utf8'));
  return texts.get(file);
}

/** The reason a node is an equivalent mutant's, or undefined. */
function shouldIgnore(path) {
  const { node } = path;
  const file = node.loc?.filename;
  if (typeof file !== 'string' || typeof node.start !== 'number' || typeof node.end !== 'number') return undefined;
  const name = relative(process.cwd(), file).split('\\').join('/');
  for (const entry of EQUIVALENTS) {
    if (entry.file !== name || entry.node !== node.type) continue;
    if (textOf(file).slice(node.start, node.end) === entry.code) return `equivalent: ${entry.reason}`;
  }
  return undefined;
}

/** The plugin as StrykerJS declares it (declareValuePlugin's shape, without importing its API package). */
export const strykerPlugins = [{ kind: 'Ignore', name: 'equivalent', value: { shouldIgnore } }];
