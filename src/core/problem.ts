// An error body made safe to keep on an error: an RFC 9457 problem parsed
// leniently (unknown members kept) and redacted, or a short redacted excerpt
// of whatever else came back (a proxy's HTML page).
import type { InvalidParameter, Problem } from '../schemas/problem.js';
import { parseJsonSafely } from './json.js';
import { redact, redactDeep } from './redact.js';
import { isValueSafeToShow } from './sensitive-fields.js';
import { isRecord as isObject } from '../internal/is-record.js';

/** An error body made safe to keep: a problem when it was one, else a short excerpt. */
export interface ParsedErrorBody {
  /** The redacted problem, when the body was a JSON object. */
  problem: Problem | undefined;
  /** A short redacted excerpt, when the body was not a JSON object. */
  excerpt: string | undefined;
}

const EXCERPT_LENGTH = 160;
/**
 * Members read into the problem's own fields. The three validation shapes are
 * folded into `invalidParameters` and not kept twice: their raw form could
 * carry offending values that the allow-list would otherwise have dropped.
 */
const KNOWN_MEMBERS = new Set([
  'type',
  'title',
  'status',
  'detail',
  'instance',
  'invalidParameters',
  'invalid-params',
  'invalid_params',
  'errors',
]);

type Json = Record<string, unknown>;


const stringOr = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** RFC 6901 pointer (`#/attachments/0/content`) to the SDK's dotted path (`attachments[0].content`). */
export function pointerToPath(pointer: string): string {
  const segments = pointer.replace(/^#/, '').split('/').slice(1);
  return segments
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, s) => (/^\d+$/.test(s) ? `${path}[${s}]` : path ? `${path}.${s}` : s), '');
}

function toParameter(name: unknown, reason: unknown, value: unknown, hasValue: boolean): InvalidParameter | undefined {
  if (typeof name !== 'string') return undefined;
  const param: InvalidParameter = { name, reason: typeof reason === 'string' ? reason : 'invalid' };
  if (hasValue && isValueSafeToShow(name)) param.value = value;
  return param;
}

/** The spec's own shape, and RFC 7807's `invalid-params` (with erratum 6178's `invalid_params`). */
function fromNamedList(list: unknown): InvalidParameter[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    if (!isObject(item)) return [];
    const p = toParameter(item.name, item.reason, item.value, 'value' in item);
    return p ? [p] : [];
  });
}

/** RFC 9457 section 3 `errors: [{ detail, pointer }]`, or ASP.NET's `errors: { Field: [messages] }`. */
function fromErrors(errors: unknown): InvalidParameter[] {
  if (Array.isArray(errors)) {
    return errors.flatMap((item) => {
      if (!isObject(item)) return [];
      const name = typeof item.pointer === 'string' ? pointerToPath(item.pointer) : stringOr(item.name) ?? stringOr(item.field);
      const p = toParameter(name, item.detail ?? item.reason ?? item.message, undefined, false);
      return p ? [p] : [];
    });
  }
  if (isObject(errors)) {
    return Object.entries(errors).flatMap(([name, messages]) => {
      const reasons = Array.isArray(messages) ? messages.filter((m) => typeof m === 'string') : [messages];
      return reasons.flatMap((reason) => toParameter(name.replace(/^\$\./, ''), reason, undefined, false) ?? []);
    });
  }
  return [];
}

/**
 * Reads a problem leniently (RFC 9457: wrong-typed members are ignored,
 * unknown members kept) and redacts every string in it.
 */
export function parseProblem(body: Json, secrets: readonly (string | undefined)[]): Problem {
  const problem: Problem = {};
  const text = (v: unknown) => (typeof v === 'string' ? redact(v, secrets) : undefined);
  const assign = <K extends 'type' | 'title' | 'detail' | 'instance'>(key: K) => {
    const v = text(body[key]);
    if (v !== undefined) problem[key] = v;
  };
  assign('type');
  assign('title');
  assign('detail');
  assign('instance');
  if (typeof body.status === 'number' && Number.isInteger(body.status)) problem.status = body.status;

  const params = [
    ...fromNamedList(body.invalidParameters),
    ...fromNamedList(body['invalid-params']),
    ...fromNamedList(body.invalid_params),
    ...fromErrors(body.errors),
  ].map((p) => ({ ...p, name: redact(p.name, secrets), reason: redact(p.reason, secrets), ...('value' in p ? { value: redactDeep(p.value, secrets) } : {}) }));
  if (params.length > 0) problem.invalidParameters = params;

  // RFC 9457 section 3.2: extension members a client does not know are kept.
  for (const [key, value] of Object.entries(body)) {
    if (!KNOWN_MEMBERS.has(key)) problem[key] = redactDeep(value, secrets);
  }
  return problem;
}

/** Collapses an HTML or text body into a short, redacted, single-line excerpt. */
export function safeExcerpt(text: string, secrets: readonly (string | undefined)[]): string | undefined {
  const flat = text
    .slice(0, 4096)
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!flat) return undefined;
  const cut = flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH)}…` : flat;
  return redact(cut, secrets);
}

/** Parses an error response body into a redacted problem or a redacted excerpt. */
export function parseErrorBody(text: string, secrets: readonly (string | undefined)[]): ParsedErrorBody {
  const json = parseJsonSafely(text);
  if (isObject(json)) return { problem: parseProblem(json, secrets), excerpt: undefined };
  return { problem: undefined, excerpt: safeExcerpt(text, secrets) };
}
