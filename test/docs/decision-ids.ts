// Reading the decisions' ids: the ones the area files of docs/decisions/
// define (each decision's heading starts with its id), the ones the index
// lists, and the ones cited anywhere else; and the problems between them.
// Pure functions over strings, so a test can run them on a fixture.
import { posix } from 'node:path';
import { headingAnchor, headings } from './markdown.js';

/** An id as cited: `D-`, the area's capitals, a two-digit number. */
export const DECISION_ID = /\bD-[A-Z]+-\d{2}\b/g;

/** A decision as its area file defines it. */
export interface Decision {
  id: string;
  title: string;
  /** The area file, relative to the repository root. */
  file: string;
  line: number;
  /** The heading's anchor (GitHub's; the reference site gives the same to a heading without inline code). */
  anchor: string;
}

/** An id written somewhere: a comment, a guide, the index. */
export interface Citation {
  id: string;
  file: string;
  line: number;
}

/** A line of the index that links a decision: `[D-AREA-NN Title](area.md#anchor)`. */
export interface IndexEntry {
  id: string;
  line: number;
  /** The linked file, relative to the repository root. */
  file: string;
  anchor: string;
}

const DECISION_HEADING = /^(D-([A-Z]+)-\d{2}) (\S.*)$/;

/**
 * The decisions of one area file: every `###` heading is one, and must start
 * with an id whose letters are the same for the whole file. Headings carry no
 * inline code and nothing that makes a `--` in the anchor (` --json`, ` / `),
 * or the reference site's anchor would differ from GitHub's.
 */
export function readArea(markdown: string, file: string): { decisions: Decision[]; problems: string[] } {
  const decisions: Decision[] = [];
  const problems: string[] = [];
  let prefix: string | undefined;
  for (const heading of headings(markdown).filter((h) => h.level === 3)) {
    const where = `${file}:${heading.line}`;
    const match = DECISION_HEADING.exec(heading.text);
    if (!match) {
      problems.push(`${where}: decision heading without an id: "${heading.text}"`);
      continue;
    }
    const id = match[1]!;
    const letters = match[2]!;
    prefix ??= letters;
    if (letters !== prefix) problems.push(`${where}: ${id} is not of this area's D-${prefix}`);
    const anchor = headingAnchor(heading.text);
    if (heading.text.includes('`')) problems.push(`${where}: ${id}'s heading holds inline code`);
    if (anchor.includes('--')) problems.push(`${where}: ${id}'s anchor holds "--", which the reference site spells "-"`);
    decisions.push({ id, title: match[3]!, file, line: heading.line, anchor });
  }
  return { decisions, problems };
}

/** Every id written in a text, with its line. */
export function citations(text: string, file: string): Citation[] {
  return text.split('\n').flatMap((line, index) => [...line.matchAll(DECISION_ID)].map((m) => ({ id: m[0], file, line: index + 1 })));
}

/**
 * The index's links to decisions. A target is relative to the index, or the
 * repository's address of a file (`<repository>/blob/main/<path>`).
 */
export function readIndex(markdown: string, file: string, repositoryUrl: string): IndexEntry[] {
  const link = /\[(D-[A-Z]+-\d{2})\b[^\]]*\]\(([^)#\s]+)#([^)\s]+)\)/g;
  const absolute = `${repositoryUrl}/blob/main/`;
  return markdown.split('\n').flatMap((text, index) =>
    [...text.matchAll(link)].map((m) => {
      const target = m[2]!;
      const path = target.startsWith(absolute) ? target.slice(absolute.length) : posix.join(posix.dirname(file), target);
      return { id: m[1]!, line: index + 1, file: path, anchor: m[3]! };
    }),
  );
}

/**
 * What is wrong between the decisions, the index and the citations: an id
 * defined twice, an id cited that no decision defines, a decision the index
 * does not list, an index line that points elsewhere than the decision.
 */
export function decisionProblems(decisions: readonly Decision[], index: readonly IndexEntry[], cited: readonly Citation[]): string[] {
  const problems: string[] = [];
  const byId = new Map<string, Decision>();
  for (const decision of decisions) {
    const first = byId.get(decision.id);
    if (first) problems.push(`${decision.id} is defined twice: ${first.file}:${first.line} and ${decision.file}:${decision.line}`);
    else byId.set(decision.id, decision);
  }
  for (const citation of cited) {
    if (!byId.has(citation.id)) problems.push(`${citation.file}:${citation.line}: cites ${citation.id}, which no decision defines`);
  }
  const listed = new Set(index.map((entry) => entry.id));
  for (const decision of byId.values()) {
    if (!listed.has(decision.id)) problems.push(`the index does not list ${decision.id} (${decision.file}:${decision.line})`);
  }
  for (const entry of index) {
    const decision = byId.get(entry.id);
    if (!decision) problems.push(`index line ${entry.line}: lists ${entry.id}, which no decision defines`);
    else if (entry.file !== decision.file || entry.anchor !== decision.anchor) {
      problems.push(`index line ${entry.line}: ${entry.id} links ${entry.file}#${entry.anchor}, not ${decision.file}#${decision.anchor}`);
    }
  }
  return problems;
}
