// Does an attachment's content agree with its mimeType? Magic bytes for PDF
// and JPEG (reference/domain.md section 7), valid UTF-8 for text. A mismatch
// usually means the wrong file was attached; the GP system would fail to
// open it, or worse, show the wrong thing.
import { decodeBase64, isUtf8 } from './runtime.js';

/** Mime types whose content must be UTF-8 text. */
export const TEXT_MIME_TYPES: readonly string[] = ['text/plain', 'text/vnd.vendor.service.consultation'];

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

/** Whether the bytes start with the given prefix. */
export function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

/** The mime type that magic bytes identify (PDF or JPEG), or undefined. */
export function sniffMagic(head: Uint8Array): 'application/pdf' | 'image/jpeg' | undefined {
  if (startsWith(head, PDF_MAGIC)) return 'application/pdf';
  if (startsWith(head, JPEG_MAGIC)) return 'image/jpeg';
  return undefined;
}

/** Why decoded text is not acceptable as a text attachment, or undefined. */
export function textProblem(bytes: Uint8Array): string | undefined {
  if (!isUtf8(bytes)) return 'is not valid UTF-8 text; save the text as UTF-8 or choose the right mimeType';
  // isUtf8 accepts NUL; a NUL in text almost always means UTF-16 or a binary file.
  if (bytes.includes(0)) return 'contains NUL bytes: text must be UTF-8 (UTF-16 text or a binary file was attached?)';
  return undefined;
}

/**
 * Why strict-base64 `content` does not match `mimeType`, or undefined.
 * Binary types decode only a few bytes; text types decode the whole content,
 * so the caller only asks for text within the size limit.
 */
export function contentMismatch(content: string, mimeType: string): string | undefined {
  if (mimeType === 'application/pdf') {
    return startsWith(decodeBase64(content, 8), PDF_MAGIC) ? undefined : "does not start with '%PDF-': it is not a PDF file";
  }
  if (mimeType === 'image/jpeg') {
    return startsWith(decodeBase64(content, 4), JPEG_MAGIC) ? undefined : 'does not start with the JPEG marker FF D8 FF: it is not a JPEG file';
  }
  if (TEXT_MIME_TYPES.includes(mimeType)) return textProblem(decodeBase64(content));
  return undefined;
}
