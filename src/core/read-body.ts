// Reading a body as text up to a limit, so a broken or hostile server (or
// client, for the worklist's forms) cannot fill memory.

/** A response body read as text, up to a limit. */
export interface BodyText {
  /** The text read (at most the limit). */
  text: string;
  /** True when the body was longer than the limit and the rest was discarded. */
  truncated: boolean;
}

/** Shared: `decode()` without `stream` keeps no state between calls. */
const decoder = new TextDecoder();

/** The chunks as one UTF-8 string; a character cut at the limit becomes U+FFFD. */
function decodeChunks(chunks: readonly Uint8Array[], total: number): string {
  if (chunks.length === 1) return decoder.decode(chunks[0]);
  const all = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return decoder.decode(all);
}

/**
 * Reads a response body as UTF-8 text, stopping at `maxBytes` and cancelling
 * the rest, so a hostile or broken server cannot make the SDK buffer an
 * unbounded body. Every response of this service is small JSON, so the bytes
 * are kept and decoded once at the end (no decoder per call), and a body
 * read to its end is left locked: releasing it builds an error object that
 * nothing would ever see.
 */
export async function readBodyText(response: Pick<Response | Request, 'body'>, maxBytes: number): Promise<BodyText> {
  if (!response.body) return { text: '', truncated: false };
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { text: decodeChunks(chunks, received), truncated: false };
      const room = maxBytes - received;
      if (value.byteLength > room) {
        chunks.push(value.subarray(0, room));
        // Not awaited: when the body was teed (fetch wrappers, msw), cancel()
        // stays pending until every branch is read, which may be never.
        reader.cancel().catch(() => undefined);
        reader.releaseLock();
        return { text: decodeChunks(chunks, maxBytes), truncated: true };
      }
      chunks.push(value);
      received += value.byteLength;
    }
  } catch (error) {
    reader.releaseLock();
    throw error;
  }
}
