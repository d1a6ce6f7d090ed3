import type { IncomingMessage } from 'node:http';

/** The outcome of reading a request body. */
export type BodyRead = { ok: true; bytes: Buffer } | { ok: false; reason: 'too-large' | 'aborted' };

/**
 * Reads the whole request body, up to `maxBytes`. Beyond that it stops
 * collecting (memory stays bounded) and reports `too-large`.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? { ok: false, reason: 'too-large' } : { ok: true, bytes: Buffer.concat(chunks) }));
    req.on('error', () => resolve({ ok: false, reason: 'aborted' }));
    req.on('close', () => {
      if (!req.complete) resolve({ ok: false, reason: 'aborted' });
    });
  });
}

/** A parsed JSON body, or why it could not be parsed. */
export type JsonBody = { ok: true; value: unknown } | { ok: false };

/**
 * Parses a body as JSON. The parser's own message is dropped: it can quote
 * the text around the error, which may be patient data.
 */
export function parseJsonBody(bytes: Buffer): JsonBody {
  try {
    return { ok: true, value: JSON.parse(bytes.toString('utf8')) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Whether a Content-Type header says JSON: `application/json`, any case,
 * with or without parameters such as `charset=utf-8`.
 */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const [type] = header.split(';');
  return type?.trim().toLowerCase() === 'application/json';
}
