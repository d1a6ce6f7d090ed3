import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/index.js';
import { decodeBase64, encodeBase64, isUtf8, setNodeBufferForTesting } from '../../src/validation/runtime.js';
import { JPEG_B64, NOW, messageFor, patch } from './fixtures.js';

afterEach(() => setNodeBufferForTesting(undefined));

describe('plain-JS fallbacks (runtimes without Node Buffer)', () => {
  it('decode, encode and check UTF-8 exactly like Node', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70_000 }), fc.integer({ min: 0, max: 100 }), (bytes, prefix) => {
        const b64 = Buffer.from(bytes).toString('base64');
        setNodeBufferForTesting(null);
        const decoded = decodeBase64(b64);
        const head = decodeBase64(b64, prefix);
        const encoded = encodeBase64(bytes);
        const utf8 = isUtf8(bytes);
        setNodeBufferForTesting(undefined);
        expect(Buffer.from(decoded).equals(Buffer.from(bytes))).toBe(true);
        expect(Buffer.from(head).equals(Buffer.from(bytes.subarray(0, Math.floor(prefix / 4) * 3)))).toBe(true);
        expect(encoded).toBe(b64);
        expect(utf8).toBe(isUtf8(bytes));
      }),
      { numRuns: 200 },
    );
  });

  it('validate messages the same way', () => {
    setNodeBufferForTesting(null);
    expect(validateMessage(messageFor('standard'), { route: 'standard', now: NOW }).ok).toBe(true);
    const bad = patch(messageFor('standard'), 'attachments[2].content', JPEG_B64);
    expect(validateMessage(bad, { route: 'standard', now: NOW }).invalidParameters.map((p) => p.reason)).toEqual([
      expect.stringMatching(/not valid UTF-8/),
    ]);
  });
});
