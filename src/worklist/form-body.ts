// Reading an action's form, only after `authorize` has accepted the person,
// up to a size and within a time: a client that sends its form slowly (or
// never finishes it) holds nothing for longer than the bound.

/** The largest form the worklist reads (an action's fields and a note); more is refused with 413, on both adapters. */
export const MAX_FORM_BYTES = 16_384;

/** A form as read, or why it was not. */
export type FormBody = { kind: 'read'; text: string } | { kind: 'too-large' } | { kind: 'too-slow' };

/** Reads a request's body as text: no more than {@link MAX_FORM_BYTES}, and no longer than `timeoutMs`. */
export async function readForm(request: Request, timeoutMs: number): Promise<FormBody> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_FORM_BYTES) return { kind: 'too-large' };
  if (!request.body) return { kind: 'read', text: '' };
  const reader: ReadableStreamDefaultReader<Uint8Array> = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  const stop = (body: FormBody): FormBody => {
    // Not awaited: a node:http body that never ends would hold the answer.
    reader.cancel().catch(() => undefined);
    return body;
  };
  try {
    for (;;) {
      const next: { done: boolean; value?: Uint8Array | undefined } | 'late' = await Promise.race([reader.read(), late]);
      if (next === 'late') return stop({ kind: 'too-slow' });
      if (next.done || next.value === undefined) break;
      size += next.value.byteLength;
      if (size > MAX_FORM_BYTES) return stop({ kind: 'too-large' });
      chunks.push(next.value);
    }
  } finally {
    clearTimeout(timer);
  }
  return { kind: 'read', text: Buffer.concat(chunks).toString('utf8') };
}
