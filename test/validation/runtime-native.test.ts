// The runtime's own base64 and UTF-8 routines are used whenever there are
// some (the plain-JS fallbacks give the same answers, far slower), and a
// runtime whose buffer module lacks Buffer or isUtf8, or whose lookup
// throws, gets the fallbacks.
import { isUtf8 as nodeIsUtf8 } from 'node:buffer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeBase64, encodeBase64, isUtf8, nodeBuffer, setNodeBufferForTesting, type NodeBufferApi } from '../../src/validation/runtime.js';

afterEach(() => {
  setNodeBufferForTesting(undefined);
  vi.restoreAllMocks();
});

/** Node's own routines, counted. */
function countedApi() {
  const calls = { from: 0, isUtf8: 0 };
  const from = (...args: Parameters<typeof Buffer.from>) => {
    calls.from++;
    return (Buffer.from as (...a: unknown[]) => Buffer)(...args);
  };
  const api: NodeBufferApi = {
    Buffer: Object.assign(Object.create(Buffer) as typeof Buffer, { from }),
    isUtf8: (bytes) => {
      calls.isUtf8++;
      return nodeIsUtf8(bytes);
    },
  };
  return { api, calls };
}

describe('the runtime’s native routines', () => {
  it('decode, encode and check UTF-8 natively when the runtime has them', () => {
    const { api, calls } = countedApi();
    setNodeBufferForTesting(api);
    expect(Buffer.from(decodeBase64('aGVsbG8=')).toString('latin1')).toBe('hello');
    expect(Buffer.from(decodeBase64('aGVsbG8gd29ybGQ=', 8)).toString('latin1')).toBe('hello ');
    expect(calls.from).toBe(2);
    expect(encodeBase64(new Uint8Array([104, 105]))).toBe('aGk=');
    expect(calls.from).toBe(3);
    expect(isUtf8(new Uint8Array([0x63, 0xc3, 0xa9]))).toBe(true);
    expect(calls.isUtf8).toBe(1);
  });

  it.each([
    ['Buffer without isUtf8', () => ({ Buffer })],
    ['isUtf8 without Buffer', () => ({ isUtf8: nodeIsUtf8 })],
    ['nothing', () => undefined],
    ['a lookup that throws', () => {
      throw new Error('no such module');
    }],
  ])('fall back to plain JavaScript when the buffer module has %s', (_label, lookup) => {
    vi.spyOn(process, 'getBuiltinModule').mockImplementation(lookup);
    setNodeBufferForTesting(undefined);
    expect(nodeBuffer()).toBeNull();
    expect(Buffer.from(decodeBase64('aGVsbG8=')).toString('latin1')).toBe('hello');
  });

  it('finds Node’s buffer module', () => {
    setNodeBufferForTesting(undefined);
    const api = nodeBuffer();
    expect(api?.Buffer).toBe(Buffer);
    expect(api?.isUtf8(new Uint8Array([0xff]))).toBe(false);
  });
});
