import { z } from 'zod';
import { AttachmentSchema } from './attachment.js';
import { MessageBodySchema, SubjectSchema, type Subject } from './message-parts.js';
import { UuidSchema } from './uuid.js';

/** The `type` value that marks a GP-route message. */
export const GPCONNECT_MESSAGE_TYPE = 'GPConnectMessage';

/** The recipient id type fixed on the GP route. */
export const GPCONNECT_RECIPIENT_ID_TYPE = 'OdsOrganisationId';

/** Values of gpConnectAdditionalInformation.recipientType. */
export const GPCONNECT_RECIPIENT_TYPES = ['For Action', 'For Information'] as const;

const PersonNameSchema = z.object({
  /** Family name. */
  family: z.string().describe('Family name.'),
  /** Given name. */
  given: z.string().optional().describe('Given name.'),
});

/** The extra information the GP route requires (spec: gpConnectAdditionalInformation). */
export const GpConnectAdditionalInformationSchema = z.object({
  /** 'For Action' or 'For Information'. */
  recipientType: z.literal(GPCONNECT_RECIPIENT_TYPES),
  /** Unique sender reference of the consultation event. */
  senderReference: z.string().describe('Unique sender reference of the consultation event.'),
  /** Whether the message is confidential. */
  confidentiality: z.boolean().describe('Whether the message is confidential.'),
  /** Identifier of the earlier message being replaced; required when versionNumber > 1. */
  relatesTo: z
    .string()
    .optional()
    .describe('Identifier of the earlier message being replaced; required when versionNumber > 1.'),
  /** 1 for an original send; greater than 1 for each replacement. */
  versionNumber: z.number().int().describe('1 for an original send; greater than 1 for each replacement.'),
  /** The patient: name and date of birth. */
  patient: z.object({
    /** The patient's name. */
    name: PersonNameSchema,
    /** Date of birth (format not stated by the spec). */
    dateOfBirth: z.string().describe('Date of birth (format not stated by the spec).'),
  }),
  /** Author of the summary; provide it if known. */
  practitioner: z
    .object({
      /** The practitioner's name. */
      name: PersonNameSchema,
      /** Directory (SDS) user id; 'UNK' or omitted when unavailable. */
      sdsUserId: z.string().optional().describe("Directory user id; 'UNK' or omitted when unavailable."),
      /** Work telephone; give it or the e-mail if available. */
      telephone: z.string().optional().describe('Work telephone.'),
      /** Work e-mail; give it or the telephone if available. */
      email: z.string().optional().describe('Work e-mail.'),
    })
    .optional()
    .describe('Author of the summary; provide it if known.'),
  /** Sending organisation. */
  organisation: z
    .object({
      /** Organisation telephone; give it or the e-mail if available. */
      telephone: z.string().optional().describe('Organisation telephone.'),
      /** Organisation e-mail; give it or the telephone if available. */
      email: z.string().optional().describe('Organisation e-mail.'),
    })
    .optional()
    .describe('Sending organisation.'),
  /** SNOMED CT code of the encounter type. */
  typeCode: z.string().describe('SNOMED CT code of the encounter type.'),
  /** SNOMED CT display value of the encounter type. */
  typeDescription: z.string().describe('SNOMED CT display value of the encounter type.'),
});

/** The extra information the GP route requires. */
export interface GpConnectAdditionalInformation extends z.infer<typeof GpConnectAdditionalInformationSchema> {}

const gpRecipientValue = z
  .string()
  .describe("ODS code of the patient's practice, or 'UNK' / 'gpconnect' when unknown (routing then uses the subject).");

const GpRecipientSchema = z.object({
  /** Identification of the patient's practice. */
  id: z.object({
    /** Fixed value 'OdsOrganisationId'. */
    type: z.literal(GPCONNECT_RECIPIENT_ID_TYPE),
    /** ODS code of the patient's practice, or 'UNK' / 'gpconnect' when unknown. */
    value: gpRecipientValue,
  }),
});

const GpRecipientParamsSchema = z.object({
  /** Identification of the patient's practice. */
  id: z.object({
    /** 'OdsOrganisationId'; filled in by the SDK when absent. */
    type: z.literal(GPCONNECT_RECIPIENT_ID_TYPE).optional(),
    /** ODS code of the patient's practice, or 'UNK' / 'gpconnect' when unknown. */
    value: gpRecipientValue,
  }),
});

const gpFields = {
  /** One of the topicName values served by GET /api/v1/topics. */
  topic: z.string().describe('One of the topicName values served by GET /api/v1/topics.'),
  /** The patient the message concerns. */
  subject: SubjectSchema,
  /** RFC 3339 timestamp with 'Z' or an offset, in the future. */
  expiryDateTime: z.string().optional().describe("RFC 3339 timestamp with 'Z' or an offset, in the future."),
  /** Free text shown to the recipient. */
  body: MessageBodySchema.optional(),
  /** Exactly one attachment: the consultation summary. */
  attachments: z.array(AttachmentSchema).describe('Exactly one attachment: the consultation summary.'),
  /** Extra information the GP route requires. */
  gpConnectAdditionalInformation: GpConnectAdditionalInformationSchema,
};

const messageIdField = UuidSchema.describe('Unique per message, chosen by the sender; used later in status queries.');

/** A GP-route message exactly as sent on the wire to POST /api/v1/gpconnect/messages. */
export const GpConnectMessageSchema = z.object({
  /** Unique per message, chosen by the sender; used later in status queries. */
  messageId: messageIdField,
  /** Fixed value 'GPConnectMessage'. */
  type: z.literal(GPCONNECT_MESSAGE_TYPE),
  /** The intended recipient organisation. */
  recipient: GpRecipientSchema,
  ...gpFields,
});

/** A GP-route message as sent on the wire. */
export interface GpConnectMessage extends z.infer<typeof GpConnectMessageSchema> {}

/**
 * What `gpconnect.send()` takes: the wire format with `messageId` optional
 * and the fixed `type` and `recipient.id.type` filled in by the SDK.
 */
export const GpConnectMessageParamsSchema = z.object({
  /** Unique per message; a v4 UUID is generated when absent. Keep it: status queries use it. */
  messageId: messageIdField.optional(),
  /** 'GPConnectMessage'; filled in by the SDK when absent. */
  type: z.literal(GPCONNECT_MESSAGE_TYPE).optional(),
  /** The intended recipient organisation. */
  recipient: GpRecipientParamsSchema,
  ...gpFields,
});

/**
 * A GP-route message to send; `messageId`, `type` and `recipient.id.type` are
 * filled in when absent. The recipient id type is fixed on this route.
 *
 * @typeParam ExtraSubjectIdType - A client's additional subject id types; none by default.
 */
export interface GpConnectMessageParams<ExtraSubjectIdType extends string = never>
  extends Omit<z.infer<typeof GpConnectMessageParamsSchema>, 'subject'> {
  /** The patient the message concerns. */
  subject: Subject<ExtraSubjectIdType>;
}
