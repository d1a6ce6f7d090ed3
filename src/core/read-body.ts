/** A response body read as text, up to a limit. */
export interface BodyText {
  /** The text read (at most the limit). */
  text: string;
  /** True when the body was longer than the limit and the rest was discarded. */
  truncated: boolean;
}

/**
 * Reads a response body as UTF-8 text, stopping at `maxBytes` and cancelling
 * the rest, so a hostile or broken server cannot make the SDK buffer an
 * unbounded body. Every response of this service is small JSON.
 */
export async function readBodyText(response: Response, maxBytes: number): Promise<BodyText> {
  if (!response.body) return { text: '', truncated: false };
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = maxBytes - received;
      if (value.byteLength > room) {
        text += decoder.decode(value.subarray(0, room));
        // Not awaited: when the body was teed (fetch wrappers, msw), cancel()
        // stays pending until every branch is read, which may be never.
        reader.cancel().catch(() => undefined);
        return { text, truncated: true };
      }
      received += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
  return { text: text + decoder.decode(), truncated: false };
}
