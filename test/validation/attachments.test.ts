// Attachment rules at their edges: the 100 attachments examined one by one,
// the thousands in a size, each mime-type reason in full (the list, the GP
// route, the exact spelling), the text left undecoded when too big, and the
// decoded text kept for the wrong-patient check; a list that cannot be
// read, a missing item, an empty or wrong-typed mime type, and the hint for
// each field name people use by mistake.
import { describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/index.js';
import { formatCount } from '../../src/validation/attachments.js';
import { validateMessageKeeping } from '../../src/validation/message.js';
import { NOW, PDF_B64, messageFor, patch, type Json } from './fixtures.js';

const pdf = (i: number) => ({ mimeType: 'application/pdf', fileName: `p${i}.pdf`, content: PDF_B64 });
const text = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [5_000_000, '5,000,000'],
    [1_234_567, '1,234,567'],
  ])('%i is %s', (n, s) => {
    expect(formatCount(n)).toBe(s);
  });
});

describe('checkAttachments', () => {
  it('examines the first 100 attachments only: the 101st is not checked', () => {
    const list = Array.from({ length: 101 }, (_, i) => (i < 100 ? pdf(i) : { ...pdf(i), mimeType: 'application/msword' }));
    expect(validateMessage(patch(messageFor('standard'), 'attachments', list), { route: 'standard', now: NOW }).invalidParameters).toEqual([
      { name: 'attachments', reason: 'must hold at most 10 attachments, not 101' },
    ]);
    const bad100th = list.map((a, i) => (i === 99 ? { ...a, mimeType: 'application/msword' } : pdf(i)));
    expect(validateMessage(patch(messageFor('standard'), 'attachments', bad100th), { route: 'standard', now: NOW }).invalidParameters.map((p) => p.name)).toEqual([
      'attachments',
      'attachments[99].mimeType',
    ]);
  });

  it('gives the GP route its own count reason and list', () => {
    const two = patch(messageFor('gpconnect'), 'attachments', [pdf(0), pdf(1)]);
    expect(validateMessage(two, { route: 'gpconnect', now: NOW }).invalidParameters).toEqual([
      { name: 'attachments', reason: 'the GP route takes exactly 1 attachment (the consultation summary), not 2' },
    ]);
    const none = patch(messageFor('gpconnect'), 'attachments', undefined);
    expect(validateMessage(none, { route: 'gpconnect', now: NOW }).invalidParameters).toContainEqual({ name: 'attachments', reason: 'is required: exactly 1 attachment' });
    const noneStandard = patch(messageFor('standard'), 'attachments', 'x');
    expect(validateMessage(noneStandard, { route: 'standard', now: NOW }).invalidParameters).toEqual([
      { name: 'attachments', reason: 'must be an array of 1 to 10 attachments, not a string' },
    ]);
  });

  it('names the allowed types in full, on each route, and the exact spelling of a near one', () => {
    const reasonFor = (route: 'standard' | 'gpconnect', mimeType: string) =>
      validateMessage(patch(messageFor(route), 'attachments[0].mimeType', mimeType), { route, now: NOW }).invalidParameters.find((p) => p.name === 'attachments[0].mimeType');
    expect(reasonFor('standard', 'application/msword')).toEqual({
      name: 'attachments[0].mimeType',
      reason: "must be one of 'application/pdf', 'image/jpeg', 'text/plain', 'text/vnd.vendor.service.consultation'",
      value: 'application/msword',
    });
    expect(reasonFor('gpconnect', 'image/jpeg')).toEqual({ name: 'attachments[0].mimeType', reason: "must be one of 'application/pdf' on the GP route", value: 'image/jpeg' });
    expect(reasonFor('standard', ' Application/PDF ; charset=binary')).toEqual({
      name: 'attachments[0].mimeType',
      reason: "must be exactly 'application/pdf' (lower case, no parameters such as charset)",
      value: ' Application/PDF ; charset=binary',
    });
  });

  it('does not decode a text attachment over the size limit, and keeps the decoded text of one within it', () => {
    const over = patch(messageFor('standard'), 'attachments', [{ mimeType: 'text/plain', fileName: 'a.txt', content: text('caf\u00e9 \u0000') }]);
    const kept = new Map<number, Uint8Array>();
    const small = validateMessageKeeping(over, { route: 'standard', now: NOW, limits: { maxAttachmentBytes: 3 } }, kept);
    expect(small.invalidParameters.map((p) => p.reason)).toEqual(['decodes to 7 bytes; at most 3 bytes are allowed per attachment']);
    expect(kept.size).toBe(0);
    const within = patch(messageFor('standard'), 'attachments', [pdf(0), { mimeType: 'text/plain', fileName: 'a.txt', content: text('seen today') }]);
    expect(validateMessageKeeping(within, { route: 'standard', now: NOW }, kept).ok).toBe(true);
    expect([...kept.keys()]).toEqual([1]);
    expect(Buffer.from(kept.get(1)!).toString('utf8')).toBe('seen today');
  });

  it('checks a PDF over the size limit against its signature still', () => {
    const m = patch(messageFor('standard'), 'attachments', [{ mimeType: 'application/pdf', fileName: 'a.pdf', content: text('not a pdf at all') }]);
    expect(validateMessage(m, { route: 'standard', now: NOW, limits: { maxAttachmentBytes: 3 } }).invalidParameters.map((p) => p.reason)).toEqual([
      'decodes to 16 bytes; at most 3 bytes are allowed per attachment',
      "has no PDF signature '%PDF-' in its first 1,024 bytes, where PDF readers look for it: it is not a PDF file (mimeType is 'application/pdf')",
    ]);
  });
});

describe('attachment fields at their edges', () => {
  const standard = (m: Json) => validateMessage(m, { route: 'standard', now: NOW }).invalidParameters;

  it('says when the attachments cannot be read, and still answers', () => {
    const m = messageFor('standard');
    Object.defineProperty(m, 'attachments', {
      enumerable: true,
      get: () => {
        throw new Error('not readable');
      },
    });
    expect(standard(m)).toEqual([{ name: 'attachments', reason: 'could not be read (a getter or Proxy threw); pass plain JSON data' }]);
  });

  it('requires each attachment of the list', () => {
    expect(standard(patch(messageFor('standard'), 'attachments', [pdf(0), undefined]))).toEqual([{ name: 'attachments[1]', reason: 'is required' }]);
  });

  it('says an empty mime type is empty, and shows one that is no string', () => {
    expect(standard(patch(messageFor('standard'), 'attachments[0].mimeType', ''))).toEqual([{ name: 'attachments[0].mimeType', reason: 'must not be empty' }]);
    expect(standard(patch(messageFor('standard'), 'attachments[0].mimeType', 42))).toEqual([
      { name: 'attachments[0].mimeType', reason: 'must be a string, not a number', value: 42 },
    ]);
  });

  it.each([
    ['filename', "unknown field; use 'fileName'"],
    ['name', "unknown field; use 'fileName'"],
    ['contentType', "unknown field; use 'mimeType'"],
    ['data', "unknown field; use 'content' (base64)"],
  ])('points a field named %s to the one meant', (field, reason) => {
    expect(standard(patch(messageFor('standard'), `attachments[0].${field}`, 'x'))).toEqual([{ name: `attachments[0].${field}`, reason }]);
  });
});

