// Reading the parts of a markdown file that the docs test checks: fenced code
// blocks (with the line they start on, so a failure points at the source) and
// relative links (with the headings they may point into). A small subset of
// CommonMark, enough for this repository's docs; no dependency.
import { posix } from 'node:path';

/** A fenced code block. */
export interface CodeBlock {
  /** The markdown file, relative to the repository root. */
  file: string;
  /** 1-based line of the opening fence. */
  fenceLine: number;
  /** 1-based line of the block's first line of code. */
  firstLine: number;
  /** 1-based line of the closing fence (the last line of the file when it is missing). */
  closeLine: number;
  /** First word of the info string, lower case ('' when none). */
  lang: string;
  /** The code, with the fence's indentation removed; one line per source line. */
  code: string;
  /** False when the line before the fence is the opt-out marker. */
  checked: boolean;
  /** The reason given with the opt-out marker, if any. */
  optOutReason: string | undefined;
}

/** A link whose target is a path in the repository (not a URL, not a bare `#anchor`). */
export interface RelativeLink {
  /** The markdown file, relative to the repository root. */
  file: string;
  /** 1-based line of the link. */
  line: number;
  /** The target as written. */
  target: string;
  /** The path part of the target, percent-decoded. */
  path: string;
  /** The fragment without `#`, or undefined. */
  anchor: string | undefined;
}

/** A link to a heading of the same file (`[x](#heading)`). */
export interface AnchorLink {
  file: string;
  line: number;
  anchor: string;
}

/**
 * The opt-out marker: an HTML comment alone on the last non-blank line before
 * the fence, optionally with a reason: `<!-- not-checked: pseudo-code -->`.
 */
export const NOT_CHECKED_MARKER = /^\s*<!--\s*not-checked(?:\s*:\s*(.*?))?\s*-->\s*$/;

const FENCE_OPEN = /^( *)(`{3,}|~{3,})\s*([^`\s]*)?.*$/;

/** Splits on line breaks the way editors count lines. */
function lines(markdown: string): string[] {
  return markdown.split(/\r\n|\r|\n/);
}

/** Every fenced code block of a markdown file, in order. */
export function extractCodeBlocks(markdown: string, file: string): CodeBlock[] {
  const all = lines(markdown);
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < all.length; i++) {
    const open = FENCE_OPEN.exec(all[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const fence = open[2]!;
    const closing = new RegExp(`^ *${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    const body: string[] = [];
    let j = i + 1;
    for (; j < all.length && !closing.test(all[j]!); j++) {
      // Content lines lose at most the fence's own indentation (list items).
      const line = all[j]!;
      const strip = Math.min(indent, line.length - line.trimStart().length);
      body.push(line.slice(strip));
    }
    let before = i - 1;
    while (before >= 0 && all[before]!.trim() === '') before--;
    const marker = before >= 0 ? NOT_CHECKED_MARKER.exec(all[before]!) : null;
    blocks.push({
      file,
      fenceLine: i + 1,
      firstLine: i + 2,
      closeLine: Math.min(j, all.length - 1) + 1,
      lang: (open[3] ?? '').toLowerCase(),
      code: body.join('\n'),
      checked: marker === null,
      optOutReason: marker?.[1] || undefined,
    });
    i = j; // skip past the closing fence (or the end of the file)
  }
  return blocks;
}

/** The markdown with fenced blocks blanked out (lines kept, so line numbers hold). */
function withoutFencedCode(markdown: string): string[] {
  const all = lines(markdown);
  for (const block of extractCodeBlocks(markdown, '')) {
    for (let k = block.fenceLine - 1; k < block.closeLine; k++) all[k] = '';
  }
  return all;
}

/** Removes inline code spans, so `[a](b)` inside backticks is not a link. */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)[\s\S]*?\1/g, (m) => ' '.repeat(m.length));
}

const INLINE_LINK = /!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/;
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Every link target of a file, with its line, outside code. */
function linkTargets(markdown: string): { line: number; target: string }[] {
  const found: { line: number; target: string }[] = [];
  withoutFencedCode(markdown).forEach((raw, index) => {
    const line = withoutCodeSpans(raw);
    const definition = REFERENCE_DEFINITION.exec(line);
    if (definition) found.push({ line: index + 1, target: definition[1]! });
    for (const m of line.matchAll(INLINE_LINK)) found.push({ line: index + 1, target: m[1]! });
  });
  return found.map(({ line, target }) => ({ line, target: target.replace(/^<|>$/g, '') }));
}

/**
 * The target as a path relative to `file` when it is an absolute address of
 * a file in this repository (`<repository>/blob/main/<path>`), else as it is.
 */
function ownFileAsRelative(target: string, file: string, repositoryUrl: string | undefined): string {
  const prefix = repositoryUrl === undefined ? undefined : `${repositoryUrl}/blob/main/`;
  if (prefix === undefined || !target.startsWith(prefix)) return target;
  const rest = target.slice(prefix.length);
  const hash = rest.indexOf('#');
  const path = hash === -1 ? rest : rest.slice(0, hash);
  return `${posix.relative(posix.dirname(file), path) || '.'}${hash === -1 ? '' : rest.slice(hash)}`;
}

/**
 * Links to files of the repository (relative paths, and absolute addresses
 * under `repositoryUrl` when given), and links to headings of the same file.
 */
export function extractLinks(markdown: string, file: string, repositoryUrl?: string): { relative: RelativeLink[]; anchors: AnchorLink[] } {
  const relative: RelativeLink[] = [];
  const anchors: AnchorLink[] = [];
  for (const link of linkTargets(markdown)) {
    const { line } = link;
    const target = ownFileAsRelative(link.target, file, repositoryUrl);
    if (URL_SCHEME.test(target) || target.startsWith('//')) continue;
    if (target.startsWith('#')) {
      anchors.push({ file, line, anchor: decodeURIComponent(target.slice(1)) });
      continue;
    }
    const hash = target.indexOf('#');
    const pathPart = (hash === -1 ? target : target.slice(0, hash)).replace(/\?.*$/, '');
    relative.push({
      file,
      line,
      target,
      path: decodeURIComponent(pathPart),
      anchor: hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1)),
    });
  }
  return { relative, anchors };
}

/**
 * The anchors GitHub gives the headings of a markdown file: lower case,
 * inline markup dropped, every character but letters, digits, spaces, `-` and
 * `_` removed, spaces turned into `-`, repeats suffixed `-1`, `-2`...
 */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of headings(markdown)) {
    const base = headingAnchor(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** A heading of a markdown file, outside code. */
export interface Heading {
  /** 1-based line. */
  line: number;
  /** 1 for `#`, 2 for `##`... */
  level: number;
  /** The heading's text as written, without the `#` marks. */
  text: string;
}

/** Every heading of a markdown file, in order, outside fenced code. */
export function headings(markdown: string): Heading[] {
  return withoutFencedCode(markdown).flatMap((raw, index) => {
    const heading = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(raw);
    return heading ? [{ line: index + 1, level: heading[1]!.length, text: heading[2]! }] : [];
  });
}

/** The anchor GitHub gives a heading's text (the first of that text in its file). */
export function headingAnchor(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // HTML tags
    .replace(/[`*]/g, '') // code spans and emphasis markers
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}
