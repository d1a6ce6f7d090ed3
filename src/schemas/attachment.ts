import { z } from 'zod';
import { openEnum } from './open-enum.js';

/**
 * Attachment mime types the service permits on standard and instant sends
 * (spec: "Permitted attachment types").
 */
export const PERMITTED_ATTACHMENT_MIME_TYPES = [
  'application/pdf',
  'image/jpeg',
  'text/plain',
  'text/vnd.vendor.service.consultation',
] as const;

/** One of {@link PERMITTED_ATTACHMENT_MIME_TYPES}. */
export type PermittedAttachmentMimeType = (typeof PERMITTED_ATTACHMENT_MIME_TYPES)[number];

/** A file attached to a message: a name, a mime type and base64 content. */
export const AttachmentSchema = z.object({
  /** Mime type; on standard and instant sends one of {@link PERMITTED_ATTACHMENT_MIME_TYPES}. */
  mimeType: openEnum(PERMITTED_ATTACHMENT_MIME_TYPES).describe(
    'Mime type; on standard and instant sends one of the permitted types.',
  ),
  /** A valid Windows file name; no leading or trailing whitespace or periods. Shown to recipients. */
  fileName: z
    .string()
    .describe('A valid Windows file name, no leading or trailing whitespace or periods. May be shown to recipients.'),
  /** Base64 content (RFC 4648, no line breaks, no data-URL prefix), at most 5 MB decoded. */
  content: z.string().describe('Base64-encoded content (RFC 4648), at most 5 MB decoded.'),
});

/** A file attached to a message (spec: "Attachment"). */
export interface Attachment extends z.infer<typeof AttachmentSchema> {}
