// Reading a GP-route subStatus: every code it carries, the decisive one
// first in mind. A service may report more than one code in a subStatus
// ('20013 30002-Patient not known here', or one a line), and free text may
// hold numbers that are no codes ('12 hours late'): reading only the first
// code turned a refusal into "pending" and a delay into a fatal MESH error.
import { GP_ROUTE_CODES, type GpRouteCode, type GpRouteCodeOutcome, type GpRouteCodeSource } from './gp-route-codes.js';

/** What {@link parseGpRouteSubStatus} reads from a GP-route subStatus. */
export interface GpRouteSubStatus {
  /**
   * The decisive code (`'30002'`, `'EPL-153'`, `'14'`, `'Sent to MESH'`):
   * the last final one when the subStatus carries several, else the last;
   * null when there is no subStatus.
   */
  code: string | null;
  /** The text after the code as the service sent it, else the catalogue's display name; null without a subStatus. */
  display: string | null;
  /** Where the code comes from. */
  source: GpRouteCodeSource;
  /** Positive, negative, pending, or unknown (a code not in {@link GP_ROUTE_CODES}). */
  outcome: GpRouteCodeOutcome;
  /** Whether nothing more will come after it. */
  final: boolean;
  /** Whether the code is in {@link GP_ROUTE_CODES}. */
  known: boolean;
  /** What it means, in plain words. */
  meaning: string;
  /** What the sender should do about it. */
  action: string;
}

const BY_CODE: ReadonlyMap<string, GpRouteCode> = new Map(GP_ROUTE_CODES.map((c) => [c.code.toUpperCase(), c]));

/** A code-shaped word: MESH's EPL codes, the five-digit ITK3 codes, MESH's two-digit codes; a word of its own, not part of a longer one. */
const CODE_WORD = String.raw`(?:EPL-?\d{3}|[123]\d{4}|\d{2})(?![\w.])`;
const CANDIDATE = new RegExp(String.raw`(?<=^|[\s;,|])${CODE_WORD}`, 'giu');
const STARTS_WITH_CODE = new RegExp(`^${CODE_WORD}`, 'iu');
/** What ends a code: the end, a line break, a hyphen, en or em dash or colon before its display, or a `;`, `,` or `|` before the next. */
const CODE_END = /^[^\S\n]*(?:$|\n|[-\u2013\u2014:;,|])/u;
const SEPARATOR = /^\s*[-\u2013\u2014:]?\s*/u;

/** One code read from a subStatus. */
interface ReadCode {
  code: string;
  source: GpRouteCodeSource;
  start: number;
  end: number;
}

const normalise = (raw: string): string => {
  const upper = raw.toUpperCase();
  return upper.startsWith('EPL') && !upper.includes('-') ? `EPL-${upper.slice(3)}` : upper;
};

const sourceOf = (code: string): GpRouteCodeSource =>
  code.startsWith('EPL') || code.length === 2 ? 'mesh' : code.startsWith('3') ? 'itk-business' : 'itk-infrastructure';

/**
 * Every code in the text, in order. A code-shaped word counts where a code
 * stands (the start of the text or of a line, right after another code, or
 * after `;`, `,` or `|`) when what follows ends it: the end, a line break, a
 * separator, another code, or its catalogue display. Elsewhere on a line it
 * counts only before its own display, or, five digits or an EPL code, before
 * a separator. Two digits followed by other words are free text
 * ('12 hours late'); five digits or an EPL code at the start are a code
 * whatever follows.
 */
function readCodes(text: string): ReadCode[] {
  const codes: ReadCode[] = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    const end = start + match[0].length;
    const previous = codes.at(-1);
    const afterCode = previous !== undefined && /^\s*$/u.test(text.slice(previous.end, start));
    const canStand = /(?:^|\n|[;,|])[^\S\n]*$/u.test(text.slice(0, start)) || afterCode;
    const code = normalise(match[0]);
    const after = text.slice(end);
    const entry = BY_CODE.get(code);
    const namesItself = entry !== undefined && after.replace(SEPARATOR, '').toLowerCase().startsWith(entry.display.toLowerCase());
    const separated = CODE_END.test(after);
    const nextIsCode = STARTS_WITH_CODE.test(after.trimStart());
    const counts = canStand
      ? separated || nextIsCode || namesItself || (code.length > 2 && start === 0)
      : namesItself || (code.length > 2 && separated && !/^\s*$/u.test(after));
    if (counts) codes.push({ code, source: sourceOf(code), start, end });
  }
  return codes;
}

/** The text after a code, up to the next code, without its separator. */
function displayAfter(text: string, code: ReadCode, next: ReadCode | undefined): string | undefined {
  const raw = text.slice(code.end, next?.start ?? text.length).replace(SEPARATOR, '');
  const display = raw.replace(/[\s;,|]+$/u, '');
  return display === '' ? undefined : display;
}

const NO_SUB_STATUS: GpRouteSubStatus = {
  code: null,
  display: null,
  source: 'service',
  outcome: 'unknown',
  final: false,
  known: false,
  meaning: 'No subStatus: the status says where the message is (an EXPIRED GP-route message has none).',
  action: 'Read the status: EXPIRED means the document could not be routed in time and was not delivered; send it again as a new message, or another way.',
};

const fromCatalogue = (entry: GpRouteCode, display: string | undefined): GpRouteSubStatus => ({
  code: entry.code,
  display: display === undefined || display === '' ? entry.display : display,
  source: entry.source,
  outcome: entry.outcome,
  final: entry.final,
  known: true,
  meaning: entry.meaning,
  action: entry.action,
});

function unknownCode(code: string, display: string | undefined, source: GpRouteCodeSource): GpRouteSubStatus {
  const where = source === 'mesh' ? 'MESH' : "the practice's system";
  return {
    code,
    display: display === undefined || display === '' ? null : display,
    source,
    outcome: 'unknown',
    // Every ITK3 and MESH code but 20013 ends the message's life ("All Negative response codes are deemed to be fatal").
    final: true,
    known: false,
    meaning: `A code from ${where} that the SDK does not know.`,
    action:
      'Treat the document as not filed until you know otherwise: keep the subStatus as it is, and ask the service operator or the practice what the code means.',
  };
}

const read = (text: string, codes: ReadCode[], i: number): GpRouteSubStatus => {
  const c = codes[i]!;
  const display = displayAfter(text, c, codes[i + 1]);
  const entry = BY_CODE.get(c.code);
  return entry ? fromCatalogue(entry, display) : unknownCode(c.code, display, c.source);
};

/**
 * Reads a GP-route subStatus: the code, where it comes from, whether it is
 * final, and what to do. Copes with the spacing variants services use
 * (`'20013 - Success'`, `'30002-Patient not known here'`, `'EPL-153-ERROR_NHSNUMBER_NOT_FOUND'`),
 * with a code alone, and with codes it does not know (`known: false`, with a
 * safe action). Every code the subStatus carries is read
 * (`'20013 30002-Patient not known here'`, or one a line) and the final one
 * decides: the last final code, else the last code. A number inside free
 * text is not a code (`'12 hours late'` is the service's own text). Never
 * throws. Keep the subStatus itself as text for the audit trail; this only
 * reads it.
 *
 * @param subStatus - The subStatus of `cdms.gpconnect.status()`, or null.
 *
 * @example
 * ```ts
 * import { parseGpRouteSubStatus } from 'cdms-sdk';
 *
 * const read = parseGpRouteSubStatus('30002-Patient not known here');
 * // { code: '30002', source: 'itk-business', outcome: 'negative', final: true, action: 'Check the NHS number…', … }
 * ```
 */
export function parseGpRouteSubStatus(subStatus: string | null | undefined): GpRouteSubStatus {
  const text = typeof subStatus === 'string' ? subStatus.trim() : '';
  if (text === '') return { ...NO_SUB_STATUS };
  const service = BY_CODE.get(text.toUpperCase());
  if (service?.source === 'service') return fromCatalogue(service, text);
  const codes = readCodes(text);
  if (codes.length > 0) {
    const all = codes.map((_, i) => read(text, codes, i));
    return all.findLast((r) => r.final) ?? all.at(-1)!;
  }
  return {
    code: text,
    display: text,
    source: 'service',
    outcome: 'unknown',
    final: false,
    known: false,
    meaning: 'A subStatus that is not a known code.',
    action: 'Keep the subStatus as it is and go by the status; ask the service operator if it stays.',
  };
}
