import { rawReply, type ControlReply } from '../http/reply.js';
import type { AttachmentContent } from './controls.js';

/**
 * The type an attachment is served as. Only the spec's permitted types are
 * served as themselves; the two text types as UTF-8 text. Anything else is
 * bytes to download: the declared type is the sender's text, and must not
 * make the browser render, say, HTML.
 */
const SERVED_TYPES: Record<string, string> = {
  'application/pdf': 'application/pdf',
  'image/jpeg': 'image/jpeg',
  'text/plain': 'text/plain; charset=utf-8',
  'text/vnd.vendor.service.consultation': 'text/plain; charset=utf-8',
};

/** A file name for the ASCII `filename` parameter: unsafe characters become `_`. */
const asciiFallback = (name: string): string => name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');

/** RFC 8187 value-chars: encodeURIComponent leaves `'()*` as they are, which attr-char does not allow. */
const rfc8187 = (name: string): string =>
  encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition` with the sender's file name, which may hold any
 * character: an ASCII fallback and the exact name in RFC 8187 encoding
 * (RFC 6266 section 4.3), so no quote or line break can break the header.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  return `${kind}; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${rfc8187(fileName)}`;
}

/**
 * An attachment's decoded bytes, inline for the console's previews or as a
 * download. Never sniffed; no script can run in it (the PDF viewer needs
 * the document to stay unsandboxed, and a PDF cannot run the page's script).
 */
export function attachmentReply(attachment: AttachmentContent, download: boolean): ControlReply {
  const type = SERVED_TYPES[attachment.mimeType] ?? 'application/octet-stream';
  const inline = !download && type !== 'application/octet-stream';
  const headers: Record<string, string> = {
    'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', attachment.fileName),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': type === 'application/pdf' ? "default-src 'none'; frame-ancestors 'self'" : "sandbox; default-src 'none'; frame-ancestors 'self'",
  };
  return rawReply(200, type, attachment.content, headers);
}
