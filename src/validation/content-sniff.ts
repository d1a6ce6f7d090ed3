// Does an attachment's content agree with its mimeType? Magic bytes for PDF
// and JPEG, valid UTF-8 for text. A mismatch usually means the wrong file was
// attached; the GP system would fail to open it, or worse, show the wrong
// thing.
import { decodeBase64, isUtf8 } from './runtime.js';

/** Mime types whose content must be UTF-8 text. */
export const TEXT_MIME_TYPES: readonly string[] = ['text/plain', 'text/vnd.vendor.service.consultation'];

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

/**
 * How many bytes from the start a PDF's `%PDF-` signature may lie within.
 * PDF readers accept it anywhere in the first 1,024 bytes (Adobe's PDF
 * Reference, appendix H, implementation note 13), so a byte-order mark, a
 * line break or a scanner's header before it is still a PDF.
 */
export const PDF_SIGNATURE_WINDOW = 1024;

/** Base64 characters that decode to at least {@link PDF_SIGNATURE_WINDOW} bytes. */
const PDF_WINDOW_BASE64 = Math.ceil(PDF_SIGNATURE_WINDOW / 3) * 4;

/** Whether the bytes start with the given prefix. */
export function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

/** Whether `%PDF-` lies wholly within the first {@link PDF_SIGNATURE_WINDOW} bytes. */
export function hasPdfSignature(bytes: Uint8Array): boolean {
  const last = Math.min(bytes.length, PDF_SIGNATURE_WINDOW) - PDF_MAGIC.length;
  for (let i = bytes.indexOf(PDF_MAGIC[0]!); i !== -1 && i <= last; i = bytes.indexOf(PDF_MAGIC[0]!, i + 1)) {
    if (PDF_MAGIC.every((b, k) => bytes[i + k] === b)) return true;
  }
  return false;
}

/** The mime type that magic bytes identify (PDF or JPEG), or undefined. */
export function sniffMagic(head: Uint8Array): 'application/pdf' | 'image/jpeg' | undefined {
  if (startsWith(head, JPEG_MAGIC)) return 'image/jpeg';
  if (hasPdfSignature(head)) return 'application/pdf';
  return undefined;
}

/** Why the content is not a PDF: where the signature was looked for. */
export const NOT_A_PDF = `has no PDF signature '%PDF-' in its first 1,024 bytes, where PDF readers look for it: it is not a PDF file`;

/** Why decoded text is not acceptable as a text attachment, or undefined. */
export function textProblem(bytes: Uint8Array): string | undefined {
  if (!isUtf8(bytes)) return 'is not valid UTF-8 text; save the text as UTF-8 or choose the right mimeType';
  // isUtf8 accepts NUL; a NUL in text almost always means UTF-16 or a binary file.
  if (bytes.includes(0)) return 'contains NUL bytes: text must be UTF-8 (UTF-16 text or a binary file was attached?)';
  return undefined;
}

/** Receives a text attachment's bytes once decoded whole, for the wrong-patient check of the same send. */
export type KeepDecoded = (bytes: Uint8Array) => void;

/**
 * Why strict-base64 `content` does not match `mimeType`, or undefined.
 * Binary types decode only a few bytes; text types decode the whole content
 * (handed to `keep`), so the caller only asks for text within the size limit.
 */
export function contentMismatch(content: string, mimeType: string, keep?: KeepDecoded): string | undefined {
  if (mimeType === 'application/pdf') {
    return hasPdfSignature(decodeBase64(content, PDF_WINDOW_BASE64)) ? undefined : NOT_A_PDF;
  }
  if (mimeType === 'image/jpeg') {
    return startsWith(decodeBase64(content, 4), JPEG_MAGIC) ? undefined : 'does not start with the JPEG marker FF D8 FF: it is not a JPEG file';
  }
  if (TEXT_MIME_TYPES.includes(mimeType)) {
    const bytes = decodeBase64(content);
    keep?.(bytes);
    return textProblem(bytes);
  }
  return undefined;
}
