import { describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/index.js';
import { NOW, PATIENT, messageFor, patch, pdfContentOfSize } from './fixtures.js';

const attachment = (content: string, i = 0) => ({ mimeType: 'application/pdf', fileName: `part-${i}.pdf`, content });

describe('validateMessage boundaries', () => {
  it('accepts exactly 5,000,000 decoded bytes and rejects 5,000,001', () => {
    const at = patch(messageFor('standard'), 'attachments', [attachment(pdfContentOfSize(5_000_000))]);
    expect(validateMessage(at, { route: 'standard', now: NOW }).ok).toBe(true);
    const over = patch(messageFor('standard'), 'attachments', [attachment(pdfContentOfSize(5_000_001))]);
    expect(validateMessage(over, { route: 'standard', now: NOW }).invalidParameters).toEqual([
      { name: 'attachments[0].content', reason: 'decodes to 5,000,001 bytes; at most 5,000,000 bytes are allowed per attachment' },
    ]);
  });

  it.each([
    [1000, '=='],
    [1001, '='],
    [1002, ''],
  ])('a limit of %i bytes, met exactly by content padded with %j: accepted, and one byte less refused', (bytes, padding) => {
    const content = pdfContentOfSize(bytes);
    expect(/=*$/.exec(content)?.[0]).toBe(padding);
    const m = patch(messageFor('standard'), 'attachments', [attachment(content)]);
    expect(validateMessage(m, { route: 'standard', now: NOW, limits: { maxAttachmentBytes: bytes } }).ok).toBe(true);
    expect(validateMessage(m, { route: 'standard', now: NOW, limits: { maxAttachmentBytes: bytes - 1 } }).invalidParameters).toEqual([
      { name: 'attachments[0].content', reason: `decodes to ${bytes.toLocaleString('en-GB')} bytes; at most ${(bytes - 1).toLocaleString('en-GB')} bytes are allowed per attachment` },
    ]);
  });

  it('applies the size limit on the GP route too, and honours an override', () => {
    const m = patch(messageFor('gpconnect'), 'attachments', [attachment(pdfContentOfSize(1001))]);
    expect(validateMessage(m, { route: 'gpconnect', now: NOW }).ok).toBe(true);
    const limited = validateMessage(m, { route: 'gpconnect', now: NOW, limits: { maxAttachmentBytes: 1000 } });
    expect(limited.invalidParameters.map((p) => p.name)).toEqual(['attachments[0].content']);
  });

  it('skips the UTF-8 check of text that is already too big, but reports the size', () => {
    const text = Buffer.alloc(2001, 'a').toString('base64');
    const m = patch(messageFor('standard'), 'attachments', [{ mimeType: 'text/plain', fileName: 'a.txt', content: text }]);
    const result = validateMessage(m, { route: 'standard', now: NOW, limits: { maxAttachmentBytes: 2000 } });
    expect(result.invalidParameters.map((p) => p.reason)).toEqual([expect.stringMatching(/^decodes to 2,001 bytes/)]);
  });

  it.each([
    [0, false],
    [1, true],
    [10, true],
    [11, false],
  ])('standard and instant: %i attachments valid = %s', (count, ok) => {
    const list = Array.from({ length: count }, (_, i) => attachment(pdfContentOfSize(64), i));
    for (const route of ['standard', 'instant'] as const) {
      const result = validateMessage(patch(messageFor(route), 'attachments', list), { route, now: NOW });
      expect(result.ok).toBe(ok);
      if (!ok) expect(result.invalidParameters.map((p) => p.name)).toEqual(['attachments']);
    }
  });

  it.each([
    [0, false],
    [1, true],
    [2, false],
  ])('GP route: %i attachments valid = %s', (count, ok) => {
    const list = Array.from({ length: count }, (_, i) => attachment(pdfContentOfSize(64), i));
    const result = validateMessage(patch(messageFor('gpconnect'), 'attachments', list), { route: 'gpconnect', now: NOW });
    expect(result.ok).toBe(ok);
  });

  it('validates a 2 x 5 MB message without a stack overflow', () => {
    const big = pdfContentOfSize(5_000_000);
    const m = patch(messageFor('standard'), 'attachments', [attachment(big, 0), attachment(big, 1)]);
    expect(validateMessage(m, { route: 'standard', now: NOW })).toEqual({ ok: true, invalidParameters: [] });
  });

  it('validates 10 x 5 MB attachments', () => {
    const big = pdfContentOfSize(5_000_000);
    const list = Array.from({ length: 10 }, (_, i) => attachment(big, i));
    expect(validateMessage(patch(messageFor('standard'), 'attachments', list), { route: 'standard', now: NOW }).ok).toBe(true);
  });

  it('answers for a 100 MB attachment and a 100 MB file name without throwing', () => {
    const huge = 'A'.repeat(100_000_000);
    const m = patch(messageFor('standard'), 'attachments', [{ mimeType: 'application/pdf', fileName: huge, content: huge }]);
    const result = validateMessage(m, { route: 'standard', now: NOW });
    expect(result.invalidParameters.map((p) => p.name)).toEqual([
      'attachments[0].fileName',
      'attachments[0].content',
      'attachments[0].content',
    ]);
    expect(JSON.stringify(result).length).toBeLessThan(2000);
  });

  it('examines at most 100 attachments and caps the problem list', () => {
    const list = Array.from({ length: 5000 }, () => ({ mimeType: 'x', fileName: PATIENT.fileName, content: '!' }));
    const result = validateMessage(patch(messageFor('standard'), 'attachments', list), { route: 'standard', now: NOW });
    expect(result.invalidParameters.length).toBe(101);
    expect(result.invalidParameters.at(-1)).toEqual({ name: '(root)', reason: expect.stringMatching(/more problems not listed/) });
  });
});
