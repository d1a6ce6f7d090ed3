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
  /** Identification of the recipient organisation. */
  id: z.object({
    /** Kind of recipient id: 'OcsClientIdentifier' on standard and instant sends, 'OdsOrganisationId' on the GP route. */
    type: openEnum(RECIPIENT_ID_TYPES).describe(
      "Kind of recipient id: 'OcsClientIdentifier' on standard and instant sends, 'OdsOrganisationId' on the GP route.",
    ),
    /** The recipient id, for example an organisation's ODS code. */
    value: z.string().describe("The recipient id, for example an organisation's ODS code."),
  }),
});

/** The intended recipient organisation of a message (spec: recipient). */
export interface Recipient extends z.infer<typeof RecipientSchema> {}

/** The patient a message concerns. */
export const SubjectSchema = z.object({
  /** Identification of the patient. */
  id: z.object({
    /** Kind of subject id, for example 'VerifiedNhsNumber'. */
    type: openEnum(SUBJECT_ID_TYPES).describe("Kind of subject id, for example 'VerifiedNhsNumber'."),
    /** The subject id, for example a verified NHS number (10 digits, no spaces). */
    value: z.string().describe('The subject id, for example a verified NHS number.'),
  }),
});

/** The patient a message concerns (spec: subject). */
export interface Subject extends z.infer<typeof SubjectSchema> {}

/** Free text shown to the recipient. */
export const MessageBodySchema = z.object({
  /** 'text/plain' or 'text/html'. */
  mimeType: z.literal(BODY_MIME_TYPES).describe("'text/plain' or 'text/html'."),
  /** Text of the body. */
  content: z.string().describe('Text of the body.'),
});

/** Free text shown to the recipient (spec: body). */
export interface MessageBody extends z.infer<typeof MessageBodySchema> {}
