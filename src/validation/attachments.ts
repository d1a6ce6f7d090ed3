// Rules of `attachments`: the count per route, and per attachment the mime
// type, a Windows file name, strict base64 content within the size limit and
// content that agrees with the mime type.
import type { Limits } from '../limits.js';
import { PERMITTED_ATTACHMENT_MIME_TYPES } from '../schemas/attachment.js';
import { base64Reason, checkStrictBase64 } from './base64.js';
import type { Collector } from './collector.js';
import { TEXT_MIME_TYPES, contentMismatch, type KeepDecoded } from './content-sniff.js';
import type { DecodedTexts } from './decoded-texts.js';
import { UNREADABLE_REASON, asObject, describeType, stringField, unknownFields } from './fields.js';
import { checkWindowsFileName, fileNameReason } from './file-name.js';
import { UNREADABLE, get, isArray, lengthOf } from './read.js';
import type { Route } from './types.js';

/** Attachments examined one by one; beyond this the count error says enough. */
const MAX_EXAMINED = 100;

const ATTACHMENT_FIELDS = ['mimeType', 'fileName', 'content'] as const;
const ATTACHMENT_HINTS: Readonly<Record<string, string>> = {
  filename: "unknown field; use 'fileName'",
  name: "unknown field; use 'fileName'",
  contentType: "unknown field; use 'mimeType'",
  data: "unknown field; use 'content' (base64)",
};

/** Digits grouped in thousands, independent of the runtime's locale data. */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function countProblem(count: number, route: Route, limits: Limits): string | undefined {
  if (route === 'gpconnect') {
    return count === 1 ? undefined : `the GP route takes exactly 1 attachment (the consultation summary), not ${count}`;
  }
  if (count === 0) return 'must hold at least 1 attachment';
  if (count > limits.maxAttachments) return `must hold at most ${limits.maxAttachments} attachments, not ${count}`;
  return undefined;
}

/**
 * Checks `message.attachments` for a route; text attachments decoded whole go
 * into `decodedTexts` when given. A generator: after each attachment it
 * yields how many characters of content it just read, so that the send path
 * can let the event loop run between large attachments (checking ten 5 MB
 * attachments in one go holds it for a tenth of a second or more) while
 * `validateMessage` runs it to the end at once.
 */
export function* checkAttachments(c: Collector, message: object, route: Route, limits: Limits, decodedTexts?: DecodedTexts): Generator<number, void, undefined> {
  const value = get(message, 'attachments');
  const expected = route === 'gpconnect' ? 'exactly 1 attachment' : `1 to ${limits.maxAttachments} attachments`;
  if (value === UNREADABLE) return c.add('attachments', UNREADABLE_REASON);
  if (value === undefined) return c.add('attachments', `is required: ${expected}`);
  if (!isArray(value)) return c.add('attachments', `must be an array of ${expected}, not ${describeType(value)}`);
  const count = lengthOf(value);
  if (count === UNREADABLE) return c.add('attachments', UNREADABLE_REASON);
  const problem = countProblem(count, route, limits);
  if (problem) c.add('attachments', problem);
  const allowed = route === 'gpconnect' ? limits.gpConnectMimeTypes : PERMITTED_ATTACHMENT_MIME_TYPES;
  for (let i = 0; i < Math.min(count, MAX_EXAMINED); i++) {
    const keep: KeepDecoded | undefined = decodedTexts && ((bytes) => decodedTexts.set(i, bytes));
    yield checkAttachment(c, get(value, i), `attachments[${i}]`, allowed, limits, keep);
  }
}

/** Checks one attachment; returns the length of the content it read (0 when none). */
function checkAttachment(c: Collector, value: unknown, path: string, allowed: readonly string[], limits: Limits, keep: KeepDecoded | undefined): number {
  const attachment = asObject(c, value, path, true);
  if (!attachment || !unknownFields(c, attachment, path, ATTACHMENT_FIELDS, ATTACHMENT_HINTS)) return 0;
  const mimeType = stringField(c, attachment, 'mimeType', path, { required: true, nonEmpty: true, show: true });
  const mimeOk = mimeType !== undefined && checkMimeType(c, `${path}.mimeType`, mimeType, allowed);
  const fileName = stringField(c, attachment, 'fileName', path, { required: true });
  if (fileName !== undefined) {
    for (const problem of checkWindowsFileName(fileName)) c.add(`${path}.fileName`, fileNameReason(problem, fileName));
  }
  const content = stringField(c, attachment, 'content', path, { required: true });
  if (content === undefined) return 0;
  checkContent(c, `${path}.content`, content, mimeOk ? mimeType : undefined, limits, keep);
  return content.length;
}

function checkMimeType(c: Collector, name: string, mimeType: string, allowed: readonly string[]): boolean {
  if (allowed.includes(mimeType)) return true;
  const bare = mimeType.split(';')[0]!.trim().toLowerCase();
  const match = allowed.find((t) => t.toLowerCase() === bare);
  if (match !== undefined) {
    c.add(name, `must be exactly '${match}' (lower case, no parameters such as charset)`, mimeType);
  } else {
    const list = allowed.map((t) => `'${t}'`).join(', ');
    const route = allowed === PERMITTED_ATTACHMENT_MIME_TYPES ? '' : ' on the GP route';
    c.add(name, `must be one of ${list}${route}`, mimeType);
  }
  return false;
}

function checkContent(c: Collector, name: string, content: string, mimeType: string | undefined, limits: Limits, keep: KeepDecoded | undefined): void {
  if (content === '') return c.add(name, 'must not be empty: attach a file with content');
  const check = checkStrictBase64(content);
  if (!check.ok) return c.add(name, base64Reason(check));
  const tooBig = check.decodedBytes > limits.maxAttachmentBytes;
  if (tooBig) {
    const size = formatCount(check.decodedBytes);
    c.add(name, `decodes to ${size} bytes; at most ${formatCount(limits.maxAttachmentBytes)} bytes are allowed per attachment`);
  }
  // Text is decoded whole for the UTF-8 check; not when it is already too big.
  if (mimeType === undefined || (tooBig && TEXT_MIME_TYPES.includes(mimeType))) return;
  const mismatch = contentMismatch(content, mimeType, keep);
  if (mismatch) c.add(name, `${mismatch} (mimeType is '${mimeType}')`);
}
