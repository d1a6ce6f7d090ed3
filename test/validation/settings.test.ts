// validateMessage's options at their edges: each limit's smallest valid
// override and the first invalid one (ignored for the default), a topic
// list that checks nothing, additional id types that are not names, the
// clock, and requireMessageId only when exactly true. Each list option is
// read as an array only, never past its length, and one whose length throws
// is ignored without stopping validation.
import { describe, expect, it } from 'vitest';
import { validateMessage, type Route } from '../../src/index.js';
import { JPEG_B64, NOW, PDF_B64, REMOVE, TOPIC, messageFor, patch, pdfContentOfSize } from './fixtures.js';

const pdf = (content: string, i = 0) => ({ mimeType: 'application/pdf', fileName: `part-${i}.pdf`, content });
const withAttachments = (n: number) => patch(messageFor('standard'), 'attachments', Array.from({ length: n }, (_, i) => pdf(PDF_B64, i)));
const names = (message: unknown, options: Parameters<typeof validateMessage>[1]) => validateMessage(message, options).invalidParameters.map((p) => p.name);

/** An array whose length cannot be read (its getter throws), as a hostile or revoked caller's list. */
const lengthThrows = <T>(items: T[]): T[] =>
  new Proxy(items, {
    get: (target, key, receiver) => {
      if (key === 'length') throw new Error('length is not readable');
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
/** An array that says it is shorter than it is: what lies past the length it gives is not part of it. */
const claimsLength = <T>(items: T[], length: number): T[] =>
  new Proxy(items, { get: (target, key, receiver) => (key === 'length' ? length : (Reflect.get(target, key, receiver) as unknown)) });

describe('route', () => {
  it('names the routes when the route is none of them', () => {
    expect(validateMessage(messageFor('standard'), { route: 'fax' as Route, now: NOW }).invalidParameters).toEqual([
      { name: '(options).route', reason: "must be 'standard', 'instant' or 'gpconnect'" },
    ]);
  });
});

describe('limits', () => {
  it('takes maxAttachmentBytes from 0, and ignores a negative, infinite or non-number one', () => {
    const m = patch(messageFor('standard'), 'attachments', [pdf(pdfContentOfSize(64))]);
    expect(names(m, { route: 'standard', now: NOW, limits: { maxAttachmentBytes: 0 } })).toEqual(['attachments[0].content']);
    expect(names(m, { route: 'standard', now: NOW, limits: { maxAttachmentBytes: 63 } })).toEqual(['attachments[0].content']);
    expect(names(m, { route: 'standard', now: NOW, limits: { maxAttachmentBytes: 64 } })).toEqual([]);
    for (const bad of [-1, Number.POSITIVE_INFINITY, Number.NaN, '10']) {
      expect(names(m, { route: 'standard', now: NOW, limits: { maxAttachmentBytes: bad as number } }), String(bad)).toEqual([]);
    }
  });

  it('takes maxAttachments from 1, and ignores 0, a fraction or a non-number', () => {
    expect(names(withAttachments(2), { route: 'standard', now: NOW, limits: { maxAttachments: 1 } })).toEqual(['attachments']);
    expect(names(withAttachments(1), { route: 'standard', now: NOW, limits: { maxAttachments: 1 } })).toEqual([]);
    for (const bad of [0, -1, 1.5, Number.NaN, '1', 2 ** 53]) {
      expect(names(withAttachments(10), { route: 'standard', now: NOW, limits: { maxAttachments: bad as number } }), String(bad)).toEqual([]);
    }
  });

  it('takes gpConnectMimeTypes only as a non-empty list of strings', () => {
    const jpeg = patch(patch(messageFor('gpconnect'), 'attachments[0].mimeType', 'image/jpeg'), 'attachments[0].content', JPEG_B64);
    const gp = (gpConnectMimeTypes: unknown) => names(jpeg, { route: 'gpconnect', now: NOW, limits: { gpConnectMimeTypes: gpConnectMimeTypes as string[] } });
    expect(gp(['image/jpeg'])).toEqual([]);
    for (const bad of [[], ['image/jpeg', 7], 'image/jpeg', null]) expect(gp(bad), JSON.stringify(bad)).toEqual(['attachments[0].mimeType']);
  });

  it('keeps the default GP-route types (the PDF) for an empty list, a string, or a list whose length throws', () => {
    const gpPdf = (gpConnectMimeTypes: unknown) =>
      names(messageFor('gpconnect'), { route: 'gpconnect', now: NOW, limits: { gpConnectMimeTypes: gpConnectMimeTypes as string[] } });
    expect(gpPdf(['image/jpeg'])).toEqual(['attachments[0].mimeType']);
    // A string is not a list of its characters, and an empty list allows no type at all: both are ignored.
    const ignored: [string, unknown][] = [['[]', []], ['a string', 'application/pdf'], ['a list whose length throws', lengthThrows(['image/jpeg'])]];
    for (const [label, bad] of ignored) expect(gpPdf(bad), label).toEqual([]);
  });

  it('ignores limits that are not a plain object, even an array carrying the keys', () => {
    expect(names(withAttachments(2), { route: 'standard', now: NOW, limits: { maxAttachments: 1 } })).toEqual(['attachments']);
    const array = Object.assign([], { maxAttachments: 1, maxAttachmentBytes: 0 });
    expect(names(withAttachments(2), { route: 'standard', now: NOW, limits: array })).toEqual([]);
  });
});

describe('topics', () => {
  const other = patch(messageFor('standard'), 'topic', 'Other Topic');
  it('checks against the string names of a list', () => {
    expect(names(other, { route: 'standard', now: NOW, topics: [TOPIC] })).toEqual(['topic']);
    expect(names(other, { route: 'standard', now: NOW, topics: [TOPIC, 5 as never] })).toEqual(['topic']);
    expect(names(other, { route: 'standard', now: NOW, topics: [5 as never, 'Other Topic'] })).toEqual([]);
  });

  it('checks nothing against an empty list or one without a string', () => {
    expect(names(other, { route: 'standard', now: NOW, topics: [] })).toEqual([]);
    expect(names(other, { route: 'standard', now: NOW, topics: [5, null] as never })).toEqual([]);
    expect(names(other, { route: 'standard', now: NOW, topics: TOPIC as never })).toEqual([]);
  });

  it('checks nothing against a list whose length throws, and still answers', () => {
    expect(names(other, { route: 'standard', now: NOW, topics: lengthThrows([TOPIC]) })).toEqual([]);
  });

  it('reads no name past the length the list gives', () => {
    expect(names(other, { route: 'standard', now: NOW, topics: claimsLength([TOPIC, 'Other Topic'], 2) })).toEqual([]);
    expect(names(other, { route: 'standard', now: NOW, topics: claimsLength([TOPIC, 'Other Topic'], 1) })).toEqual(['topic']);
  });
});

describe('additional id types, clock and messageId', () => {
  it('adds only non-empty strings, on each party', () => {
    const subject = patch(messageFor('standard'), 'subject.id', { type: 'LocalPatientId', value: 'MRN-1' });
    const recipient = patch(messageFor('standard'), 'recipient.id.type', 'LocalOrg');
    const opts = (additionalIdTypes: unknown) => ({ route: 'standard' as Route, now: NOW, additionalIdTypes: additionalIdTypes as never });
    expect(names(subject, opts({ subject: ['LocalPatientId'] }))).toEqual([]);
    expect(names(subject, opts({ recipient: ['LocalPatientId'] }))).toEqual(['subject.id.type']);
    expect(names(recipient, opts({ recipient: ['LocalOrg'] }))).toEqual([]);
    expect(names(recipient, opts({ subject: ['LocalOrg'] }))).toEqual(['recipient.id.type']);
    expect(names(patch(subject, 'subject.id.type', ''), opts({ subject: [''] }))).toEqual(['subject.id.type']);
    expect(names(subject, opts({ subject: 'LocalPatientId' }))).toEqual(['subject.id.type']);
    expect(names(subject, opts(['LocalPatientId']))).toEqual(['subject.id.type']);
  });

  it('adds nothing from a list that is no array or whose length throws, and still answers', () => {
    const subject = patch(messageFor('standard'), 'subject.id', { type: 'LocalPatientId', value: 'MRN-1' });
    const opts = (subjectTypes: unknown) => ({ route: 'standard' as Route, now: NOW, additionalIdTypes: { subject: subjectTypes } as never });
    expect(names(subject, opts({ length: 1, 0: 'LocalPatientId' }))).toEqual(['subject.id.type']);
    expect(names(subject, opts(lengthThrows(['LocalPatientId'])))).toEqual(['subject.id.type']);
  });

  it('leaves out the items that are not names, so an unknown type is still refused with what to send', () => {
    // A one-letter type is one edit from '', and the typo search would call toLowerCase on 5.
    for (const [type, extra] of [['X', ['']], ['Unlisted', [5, null]], ['Unlisted', ['', 'LocalPatientId']]] as const) {
      const m = patch(messageFor('standard'), 'subject.id', { type, value: 'MRN-1' });
      const problems = validateMessage(m, { route: 'standard', now: NOW, additionalIdTypes: { subject: extra as never } }).invalidParameters;
      expect(problems, `${type} ${JSON.stringify(extra)}`).toEqual([
        { name: 'subject.id.type', reason: expect.stringMatching(/^is not a subject id type the service documents: send /) as unknown, value: type },
      ]);
    }
  });

  it('reads now only from a valid Date', () => {
    const m = patch(messageFor('standard'), 'expiryDateTime', '2027-01-01T00:00:00Z');
    expect(names(m, { route: 'standard', now: new Date('2027-01-01T00:00:00Z') })).toEqual(['expiryDateTime']);
    expect(names(m, { route: 'standard', now: new Date('2026-12-31T23:59:59.999Z') })).toEqual([]);
    // Not a Date, or an invalid one: the real clock judges the expiry.
    const expected = Date.parse('2027-01-01T00:00:00Z') <= Date.now() ? ['expiryDateTime'] : [];
    expect(names(m, { route: 'standard', now: new Date(Number.NaN) })).toEqual(expected);
    expect(names(m, { route: 'standard', now: Date.parse('2028-01-01T00:00:00Z') as never })).toEqual(expected);
  });

  it('requires messageId only when requireMessageId is exactly true', () => {
    const m = patch(messageFor('standard'), 'messageId', REMOVE);
    expect(names(m, { route: 'standard', now: NOW, requireMessageId: true } as never)).toEqual(['messageId']);
    expect(names(m, { route: 'standard', now: NOW, requireMessageId: 'yes' } as never)).toEqual([]);
    expect(names(m, { route: 'standard', now: NOW })).toEqual([]);
  });
});
