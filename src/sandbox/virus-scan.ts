import type { InvalidParameter } from '../schemas/problem.js';

/**
 * The EICAR anti-virus test file (eicar.org), base64-encoded. Only this
 * encoded form is kept in the repository: a literal copy would be
 * quarantined by anti-virus software on developer machines and CI
 * (EICAR, https://www.eicar.org/download-anti-malware-testfile/). Send it as an attachment's content to see
 * the sandbox's virus-scan rejection.
 */
export const EICAR_TEST_FILE_BASE64 =
  'WDVPIVAlQEFQWzRcUFpYNTQoUF4pN0NDKTd9JEVJQ0FSLVNUQU5EQVJELUFOVElWSVJVUy1URVNULUZJTEUhJEgrSCo=';

/** A detected file may be followed by whitespace up to this total size. */
const MAX_EICAR_FILE_BYTES = 128;
/** Base64 of 128 bytes is at most 172 characters; longer content cannot be the test file. */
const MAX_EICAR_BASE64_CHARS = Math.ceil(MAX_EICAR_FILE_BYTES / 3) * 4;
/** Space, tab, LF, CR and Ctrl-Z: what may follow the 68 characters. */
const TRAILING_WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d, 0x1a]);

let signature: Buffer | undefined;

/** Whether decoded content is the EICAR test file: its 68 bytes, then only whitespace, 128 bytes at most. */
export function isEicarTestFile(bytes: Uint8Array): boolean {
  signature ??= Buffer.from(EICAR_TEST_FILE_BASE64, 'base64');
  if (bytes.length < signature.length || bytes.length > MAX_EICAR_FILE_BYTES) return false;
  if (!Buffer.from(bytes.buffer, bytes.byteOffset, signature.length).equals(signature)) return false;
  return bytes.subarray(signature.length).every((b) => TRAILING_WHITESPACE.has(b));
}

/** The reason given for an infected attachment. */
export const VIRUS_SCAN_REASON = 'was rejected by the virus scan (malware detected); do not send this attachment again';

/**
 * Scans each attachment's decoded content, as the service does for every
 * incoming document (spec: What the service does, 9). Only content short
 * enough to be the test file is decoded, so large documents cost nothing.
 */
export function scanAttachments(attachments: unknown): InvalidParameter[] {
  if (!Array.isArray(attachments)) return [];
  return attachments.flatMap((attachment: unknown, i) => {
    const content = (attachment as { content?: unknown } | null)?.content;
    if (typeof content !== 'string' || content.length > MAX_EICAR_BASE64_CHARS) return [];
    return isEicarTestFile(Buffer.from(content, 'base64')) ? [{ name: `attachments[${i}].content`, reason: VIRUS_SCAN_REASON }] : [];
  });
}
