import { z } from 'zod';
import type { RecipientIdType, SubjectIdType } from './id-types.js';

/**
 * The recipient id type of standard and instant sends (spec: recipient.id.type;
 * the GP route's is `GPCONNECT_RECIPIENT_ID_TYPE`). Others only through
 * `additionalIdTypes`.
 */
export const RECIPIENT_ID_TYPES = ['OcsClientIdentifier'] as const;

/**
 * The subject id types the service documents (spec: subject.id.type; the GP
 * route's sample uses 'NHSNumber'). Others only through `additionalIdTypes`.
 */
export const SUBJECT_ID_TYPES = ['VerifiedNhsNumber', 'NHSNumber'] as const;

/** Mime types allowed for a message body (spec: body.mimeType). */
export const BODY_MIME_TYPES = ['text/plain', 'text/html'] as const;

/** The intended recipient organisation of a message. */
export const RecipientSchema = z.object({
  /** Identification of the recipient organisation. */
  id: z.object({
    /** Kind of recipient id: 'OcsClientIdentifier' on standard and instant sends. */
    type: z.literal(RECIPIENT_ID_TYPES).describe("Kind of recipient id: 'OcsClientIdentifier' on standard and instant sends."),
    /** The recipient id, for example an organisation's ODS code. */
    value: z.string().describe("The recipient id, for example an organisation's ODS code."),
  }),
});

/**
 * The intended recipient organisation of a standard or instant message
 * (spec: recipient).
 *
 * @typeParam ExtraRecipientIdType - A client's additional recipient id types; none by default.
 */
export interface Recipient<ExtraRecipientIdType extends string = never> {
  /** Identification of the recipient organisation. */
  id: {
    /** Kind of recipient id: 'OcsClientIdentifier', or one of the client's additional recipient id types. */
    type: RecipientIdType<ExtraRecipientIdType>;
    /** The recipient id, for example an organisation's ODS code. */
    value: z.infer<typeof RecipientSchema>['id']['value'];
  };
}

/** The patient a message concerns. */
export const SubjectSchema = z.object({
  /** Identification of the patient. */
  id: z.object({
    /** Kind of subject id: 'VerifiedNhsNumber' or 'NHSNumber'. */
    type: z.literal(SUBJECT_ID_TYPES).describe("Kind of subject id: 'VerifiedNhsNumber' or 'NHSNumber'."),
    /** The subject id, for example a verified NHS number (10 digits, no spaces). */
    value: z.string().describe('The subject id, for example a verified NHS number.'),
  }),
});

/**
 * The patient a message concerns (spec: subject).
 *
 * @typeParam ExtraSubjectIdType - A client's additional subject id types; none by default.
 */
export interface Subject<ExtraSubjectIdType extends string = never> {
  /** Identification of the patient. */
  id: {
    /** Kind of subject id: 'VerifiedNhsNumber', 'NHSNumber', or one of the client's additional subject id types. */
    type: SubjectIdType<ExtraSubjectIdType>;
    /** The subject id, for example a verified NHS number (10 digits, no spaces). */
    value: z.infer<typeof SubjectSchema>['id']['value'];
  };
}

/** Free text shown to the recipient. */
export const MessageBodySchema = z.object({
  /** 'text/plain' or 'text/html'. */
  mimeType: z.literal(BODY_MIME_TYPES).describe("'text/plain' or 'text/html'."),
  /** Text of the body. */
  content: z.string().describe('Text of the body.'),
});

/** Free text shown to the recipient (spec: body). */
export interface MessageBody extends z.infer<typeof MessageBodySchema> {}
