import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';

/** SHA-256 (lower-case hex) of the bytes a base64 attachment content decodes to. */
export function contentSha256(base64: string): string {
  return createHash('sha256').update(Buffer.from(base64, 'base64')).digest('hex');
}
