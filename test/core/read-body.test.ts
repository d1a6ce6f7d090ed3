import { describe, expect, it } from 'vitest';
import { readBodyText } from '../../src/core/read-body.js';

/** A response whose body arrives in these chunks. */
function chunked(chunks: readonly Uint8Array[], fail?: Error): Response {
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]!);
      else if (fail) controller.error(fail);
      else controller.close();
    },
  });
  return new Response(stream);
}

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('readBodyText', () => {
  it('reads a body of one chunk', async () => {
    expect(await readBodyText(new Response('{"status":"PENDING"}'), 1024)).toEqual({ text: '{"status":"PENDING"}', truncated: false });
  });

  it('joins chunks, including a character split between two of them', async () => {
    const pound = bytes('£'); // C2 A3
    const response = chunked([bytes('price '), pound.subarray(0, 1), pound.subarray(1), bytes(' 5')]);
    expect(await readBodyText(response, 1024)).toEqual({ text: 'price £ 5', truncated: false });
  });

  it('stops at the limit and says the body was cut', async () => {
    const response = chunked([bytes('abcdef'), bytes('ghijkl'), bytes('never read')]);
    expect(await readBodyText(response, 8)).toEqual({ text: 'abcdefgh', truncated: true });
  });

  it('an empty or absent body is empty text', async () => {
    expect(await readBodyText(new Response(null, { status: 204 }), 10)).toEqual({ text: '', truncated: false });
    expect(await readBodyText(chunked([]), 10)).toEqual({ text: '', truncated: false });
  });

  it('a body that fails mid-way rejects with its error and unlocks the stream', async () => {
    const response = chunked([bytes('abc')], new Error('connection reset'));
    await expect(readBodyText(response, 100)).rejects.toThrow('connection reset');
    expect(response.body!.locked).toBe(false);
  });
});
