import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';

/** SHA-256 (lower-case hex) of the bytes a base64 attachment content decodes to. */
export function contentSha256(base64: string): string {
  return createHash('sha256').update(Buffer.from(base64, 'base64')).digest('hex');
}

/**
 * SHA-256 (lower-case hex) of the bytes together with their declared mime
 * type: the key of a format rejection, which refuses those bytes with that
 * type only. The prefix keeps it apart from any plain content hash.
 */
export function typedContentSha256(base64: string, mimeType: string): string {
  return createHash('sha256').update(`cdms-format-rejection\n${mimeType}\n`).update(Buffer.from(base64, 'base64')).digest('hex');
}
