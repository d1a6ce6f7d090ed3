import { z } from 'zod';
import { openEnum } from './open-enum.js';

/** Known kinds of recipient id (spec: recipient.id.type; the set is open). */
export const RECIPIENT_ID_TYPES = ['OcsClientIdentifier', 'OdsOrganisationId'] as const;

/** Known kinds of subject id (spec: subject.id.type; the set is open). */
export const SUBJECT_ID_TYPES = ['VerifiedNhsNumber', 'NHSNumber'] as const;

/** Mime types allowed for a message body (spec: body.mimeType). */
export const BODY_MIME_TYPES = ['text/plain', 'text/html'] as const;

/** The intended recipient organisation of a message. */
export const RecipientSchema = z.object({
  id: z.object({
    type: openEnum(RECIPIENT_ID_TYPES).describe(
      "Kind of recipient id: 'OcsClientIdentifier' on standard and instant sends, 'OdsOrganisationId' on the GP route.",
    ),
    value: z.string().describe("The recipient id, for example an organisation's ODS code."),
  }),
});

/** The intended recipient organisation of a message (spec: recipient). */
export type Recipient = z.infer<typeof RecipientSchema>;

/** The patient a message concerns. */
export const SubjectSchema = z.object({
  id: z.object({
    type: openEnum(SUBJECT_ID_TYPES).describe("Kind of subject id, for example 'VerifiedNhsNumber'."),
    value: z.string().describe('The subject id, for example a verified NHS number.'),
  }),
});

/** The patient a message concerns (spec: subject). */
export type Subject = z.infer<typeof SubjectSchema>;

/** Free text shown to the recipient. */
export const MessageBodySchema = z.object({
  mimeType: z.enum(BODY_MIME_TYPES).describe("'text/plain' or 'text/html'."),
  content: z.string().describe('Text of the body.'),
});

/** Free text shown to the recipient (spec: body). */
export type MessageBody = z.infer<typeof MessageBodySchema>;
