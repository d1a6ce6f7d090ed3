import { describe, expect, it } from 'vitest';
import { validateMessage, type Route, type ValidationResult } from '../../src/index.js';
import { JPEG_B64, NOW, REMOVE, TOPIC, messageFor, patch } from './fixtures.js';
import { ALL, CASES } from './rule-cases.js';

// The rules as the service applies them: a missing messageId is a problem there (the SDK fills it in before sending).
const validate = (message: unknown, route: Route, topics?: string[]): ValidationResult =>
  validateMessage(message, { route, now: NOW, topics, requireMessageId: true });

describe('validateMessage rules', () => {
  it.each(ALL)('validates a %s message without a messageId by default (send() generates one; forms have none yet)', (route) => {
    const withoutId = patch(messageFor(route), 'messageId', REMOVE);
    expect(validateMessage(withoutId, { route, now: NOW })).toEqual({ ok: true, invalidParameters: [] });
    expect(validateMessage(patch(withoutId, 'messageId', 'message-1'), { route, now: NOW }).invalidParameters.map((p) => p.name)).toEqual(['messageId']);
  });

  it.each(ALL)('accepts the valid %s message', (route) => {
    expect(validate(messageFor(route), route)).toEqual({ ok: true, invalidParameters: [] });
  });

  const rows = CASES.flatMap(([routes, path, value, name, reason]) => routes.map((route) => [route, path, value, name, reason] as const));
  it.each(rows)('%s: %s = %j is reported at %s', (route, path, value, name, reason) => {
    const result = validate(patch(messageFor(route), path, value), route);
    expect(result.ok).toBe(false);
    expect(result.invalidParameters.map((p) => p.name)).toEqual([name]);
    expect(result.invalidParameters[0]!.reason).toMatch(reason);
  });

  it.each([
    ['recipient.id.value', 'UNK'],
    ['recipient.id.value', 'gpconnect'],
    ['recipient.id.value', 'RA7'],
    ['recipient.id.value', 'EE134290'],
    ['expiryDateTime', '2030-06-01t12:00:00.123456z'],
    ['expiryDateTime', '2028-02-29T23:59:59-05:30'],
  ])('GP route: accepts %s = %j', (path, value) => {
    expect(validate(patch(messageFor('gpconnect'), path, value), 'gpconnect').invalidParameters).toEqual([]);
  });

  it('GP route: accepts a replacement with versionNumber 2 and relatesTo', () => {
    let m = patch(messageFor('gpconnect'), 'gpConnectAdditionalInformation.versionNumber', 2);
    m = patch(m, 'gpConnectAdditionalInformation.relatesTo', '0f1c2b1e-8f1a-4c1e-9d2a-1b2c3d4e5f60');
    expect(validate(m, 'gpconnect').ok).toBe(true);
  });

  it('GP route: accepts an additional subject id type the caller lists', () => {
    const m = patch(messageFor('gpconnect'), 'subject.id.type', 'SomeLocalId');
    expect(validateMessage(m, { route: 'gpconnect', now: NOW, additionalIdTypes: { subject: ['SomeLocalId'] } }).invalidParameters).toEqual([]);
  });

  it('checks the NHS number only under an NHS number id type, ignoring its case', () => {
    const local = patch(messageFor('standard'), 'subject.id', { type: 'LocalPatientId', value: 'MRN-0042' });
    expect(validateMessage(local, { route: 'standard', now: NOW, additionalIdTypes: { subject: ['LocalPatientId'] } }).ok).toBe(true);
    const lower = patch(messageFor('standard'), 'subject.id', { type: 'nhsnumber', value: '9434765918' });
    // The case variant is refused as a slip of 'NHSNumber', and its value still gets the check digit.
    expect(validate(lower, 'standard').invalidParameters.map((p) => p.name)).toEqual(['subject.id.type', 'subject.id.value']);
  });

  it('treats undefined fields as absent, as JSON does', () => {
    const m = { ...messageFor('standard'), expiryDateTime: undefined, body: undefined, codedDataItems: undefined };
    expect(validate(m, 'standard').ok).toBe(true);
  });

  describe('topic list', () => {
    it('accepts a topic in the list', () => {
      expect(validate(messageFor('standard'), 'standard', [TOPIC, 'Other']).ok).toBe(true);
    });

    it('rejects a topic not in the list, showing the topic and suggesting a near match', () => {
      const m = patch(messageFor('standard'), 'topic', 'discharge summary');
      const result = validate(m, 'standard', [TOPIC]);
      expect(result.invalidParameters).toEqual([
        { name: 'topic', reason: expect.stringMatching(/not in the topic list.*did you mean 'Discharge Summary'/), value: 'discharge summary' },
      ]);
    });

    it('skips the check when no list or an empty list is known', () => {
      const m = patch(messageFor('standard'), 'topic', 'Anything');
      expect(validate(m, 'standard').ok).toBe(true);
      expect(validate(m, 'standard', []).ok).toBe(true);
    });
  });

  describe('limits', () => {
    it('honours gpConnectMimeTypes', () => {
      let m = patch(messageFor('gpconnect'), 'attachments[0].mimeType', 'image/jpeg');
      m = patch(m, 'attachments[0].content', JPEG_B64);
      expect(validateMessage(m, { route: 'gpconnect', now: NOW, limits: { gpConnectMimeTypes: ['application/pdf', 'image/jpeg'] } }).ok).toBe(true);
    });

    it('honours maxAttachments and ignores invalid overrides', () => {
      const m = messageFor('standard');
      expect(validateMessage(m, { route: 'standard', now: NOW, limits: { maxAttachments: 3 } }).invalidParameters).toEqual([
        { name: 'attachments', reason: 'must hold at most 3 attachments, not 4' },
      ]);
      const bogus = { maxAttachments: Number.NaN, maxAttachmentBytes: -1 };
      expect(validateMessage(m, { route: 'standard', now: NOW, limits: bogus }).ok).toBe(true);
    });
  });

  it('uses the current time when now is not given', () => {
    const m = patch(messageFor('standard'), 'expiryDateTime', new Date(Date.now() - 1000).toISOString());
    expect(validateMessage(m, { route: 'standard' }).invalidParameters[0]?.reason).toMatch(/future/);
  });

  it('reports an unknown route instead of throwing', () => {
    const result = validateMessage(messageFor('standard'), { route: 'fax' as Route });
    expect(result).toEqual({ ok: false, invalidParameters: [{ name: '(options).route', reason: expect.any(String) }] });
  });
});
