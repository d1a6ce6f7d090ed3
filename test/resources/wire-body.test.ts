import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LocalValidationError } from '../../src/index.js';
import { serialiseWireMessage } from '../../src/resources/wire-body.js';
import { toWireMessage } from '../../src/resources/wire-message.js';
import { PDF_BASE64, standardMessage } from '../helpers/fixtures.js';

describe('wire body', () => {
  it('serialise: a validated message gives exactly the text of JSON.stringify', () => {
    const { wire } = toWireMessage(standardMessage({ attachments: [0, 1, 2].map((i) => ({ mimeType: 'application/pdf', fileName: `r${i}.pdf`, content: PDF_BASE64 })) }), 'standard');
    expect(serialiseWireMessage(wire, true)).toBe(JSON.stringify(wire));
  });

  it('serialise: any JSON value, validated or not, gives the text of JSON.stringify', () => {
    const attachment = fc.record({ mimeType: fc.string(), fileName: fc.string(), content: fc.oneof(fc.base64String(), fc.string(), fc.jsonValue()) });
    const message = fc.record(
      { messageId: fc.uuid(), topic: fc.string(), attachments: fc.array(fc.oneof(attachment, fc.jsonValue()), { maxLength: 4 }), body: fc.jsonValue() },
      { requiredKeys: ['attachments'] },
    );
    fc.assert(
      fc.property(message, fc.boolean(), (m, validated) => {
        const { wire } = toWireMessage(m, 'standard');
        expect(serialiseWireMessage(wire, validated)).toBe(JSON.stringify(wire));
      }),
    );
  });

  it('serialise: content that could break out of its string is escaped even when called validated', () => {
    const hostile = 'QUJD","topic":"injected';
    const { wire } = toWireMessage(standardMessage({ attachments: [{ mimeType: 'application/pdf', fileName: 'a.pdf', content: hostile }] }), 'standard');
    const text = serialiseWireMessage(wire, true);
    expect(JSON.parse(text)).toMatchObject({ topic: standardMessage().topic, attachments: [{ content: hostile }] });
  });

  it('serialise: a content field outside the attachments is escaped as usual', () => {
    const wire = { body: { mimeType: 'text/plain', content: 'line one\nline "two"' }, attachments: [] };
    expect(serialiseWireMessage(wire, true)).toBe(JSON.stringify(wire));
  });

  it('serialise: an attachment with its own toJSON is serialised through it', () => {
    const attachment = { content: PDF_BASE64, toJSON: () => ({ content: 'replaced' }) };
    const wire = { attachments: [attachment] };
    expect(serialiseWireMessage(wire, true)).toBe('{"attachments":[{"content":"replaced"}]}');
  });

  it('wire message: attachments are copies, so later changes by the caller are not sent', () => {
    const message = standardMessage();
    const { wire } = toWireMessage(message, 'standard');
    message.attachments[0]!.content = 'bm90IHRoZSB2YWxpZGF0ZWQgb25l';
    message.attachments.push({ mimeType: 'text/plain', fileName: 'late.txt', content: 'bGF0ZQ==' });
    expect((wire as { attachments: unknown[] }).attachments).toEqual(standardMessage().attachments);
  });

  it('wire message: getters are read once into plain data', () => {
    let reads = 0;
    const attachment = { mimeType: 'application/pdf', fileName: 'a.pdf', get content() { reads++; return PDF_BASE64; } };
    const { wire } = toWireMessage(standardMessage({ attachments: [attachment] }), 'standard');
    const copy = (wire as { attachments: Record<string, unknown>[] }).attachments[0]!;
    expect(Object.getOwnPropertyDescriptor(copy, 'content')).toMatchObject({ value: PDF_BASE64, writable: true });
    expect(reads).toBe(1);
  });

  it('wire message: an attachment whose getter throws is a local error naming the part, not-sent', () => {
    const attachment = { mimeType: 'application/pdf', fileName: 'a.pdf', get content(): string { throw new Error('unreadable'); } };
    let error: unknown;
    try {
      toWireMessage(standardMessage({ attachments: [attachment] }), 'standard');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LocalValidationError);
    expect(error).toMatchObject({ delivery: 'not-sent', invalidParameters: [{ name: 'attachments[0].content' }] });
  });
});
