// The fast pass of the strict base64 check answers valid base64 on its own:
// the exact, slower pass is asked only about a string that is not strict
// base64, or when the runtime's decoder does not behave as the fast pass
// relies on. Were the fast pass to turn valid content away, every answer
// would still be right, only slower; this counts the slow pass's calls.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Diagnose from '../../src/validation/base64-diagnose.js';

const slow = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../../src/validation/base64-diagnose.js', async (importOriginal) => {
  const original = await importOriginal<typeof Diagnose>();
  return {
    ...original,
    diagnoseBase64: (s: string) => {
      slow.calls++;
      return original.diagnoseBase64(s);
    },
  };
});

const CHUNK = 65_536;

beforeEach(() => {
  vi.resetModules();
  slow.calls = 0;
});
afterEach(() => {
  slow.calls = 0;
});

async function load() {
  const base64 = await import('../../src/validation/base64.js');
  const runtime = await import('../../src/validation/runtime.js');
  return { ...base64, ...runtime };
}

describe('the fast pass', () => {
  it.each([
    ['an empty string', ''],
    ['one quantum', 'QUJD'],
    ['one pad character', 'QUE='],
    ['two pad characters', 'QQ=='],
    ['every character of the alphabet', 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'],
    ['exactly one chunk', 'QUJD'.repeat(CHUNK / 4)],
    ['one chunk and a padded quantum', `${'QUJD'.repeat(CHUNK / 4)}QQ==`],
    ['two chunks and a quantum', 'QUJD'.repeat(CHUNK / 2 + 1)],
    ['exactly one chunk ending in padding', `${'QUJD'.repeat(CHUNK / 4 - 1)}QQ==`],
    ['exactly two chunks ending in padding', `${'QUJD'.repeat(CHUNK / 2 - 1)}QUE=`],
  ])('accepts %s without the slow pass', async (_label, s) => {
    const { checkStrictBase64 } = await load();
    expect(checkStrictBase64(s)).toEqual({ ok: true, decodedBytes: Buffer.from(s, 'base64').length });
    expect(slow.calls).toBe(0);
  });

  it('leaves a string that is not strict base64 to the slow pass, which names the problem', async () => {
    const { checkStrictBase64 } = await load();
    expect(checkStrictBase64('QUJ!')).toEqual({ ok: false, problem: 'invalid-character', index: 3 });
    expect(slow.calls).toBe(1);
  });

  it('is not used when the runtime’s decoder keeps a character outside the alphabet', async () => {
    const { checkStrictBase64, setNodeBufferForTesting } = await load();
    // A decoder that reads one-byte characters outside the alphabet as data (as Node does not).
    const strict = { ...Buffer, from: (s: string, enc: BufferEncoding) => Buffer.from(s.replace(/QUJD/g, 'QUJDQUJD'), enc) } as unknown as typeof Buffer;
    setNodeBufferForTesting({ Buffer: strict, isUtf8: (b) => Buffer.from(b).toString('utf8').length >= 0 });
    try {
      expect(checkStrictBase64('QUJD')).toEqual({ ok: true, decodedBytes: 3 });
      expect(slow.calls).toBe(1);
    } finally {
      setNodeBufferForTesting(undefined);
    }
  });

  it('is not used when the runtime’s decoder throws', async () => {
    const { checkStrictBase64, setNodeBufferForTesting } = await load();
    const throwing = Object.assign(Object.create(Buffer) as typeof Buffer, {
      from: () => {
        throw new Error('no base64 here');
      },
    });
    setNodeBufferForTesting({ Buffer: throwing, isUtf8: () => true });
    try {
      expect(checkStrictBase64('QUJD')).toEqual({ ok: true, decodedBytes: 3 });
      expect(slow.calls).toBe(1);
    } finally {
      setNodeBufferForTesting(undefined);
    }
  });

  it('is not used when the runtime’s decoder reads past the first padding', async () => {
    const { checkStrictBase64, setNodeBufferForTesting } = await load();
    const pastPadding = { ...Buffer, from: (s: string, enc: BufferEncoding) => (s === 'QQ==QUJD' ? Buffer.alloc(6) : Buffer.from(s, enc)) } as unknown as typeof Buffer;
    setNodeBufferForTesting({ Buffer: pastPadding, isUtf8: (b) => Buffer.from(b).length >= 0 });
    try {
      expect(checkStrictBase64('QUJD')).toEqual({ ok: true, decodedBytes: 3 });
      expect(slow.calls).toBe(1);
    } finally {
      setNodeBufferForTesting(undefined);
    }
  });
});
