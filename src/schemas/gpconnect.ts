import { z } from 'zod';
import { AttachmentSchema } from './attachment.js';
import { MessageBodySchema, SubjectSchema } from './message-parts.js';
import { UuidSchema } from './uuid.js';

/** The `type` value that marks a GP-route message. */
export const GPCONNECT_MESSAGE_TYPE = 'GPConnectMessage';

/** The recipient id type fixed on the GP route. */
export const GPCONNECT_RECIPIENT_ID_TYPE = 'OdsOrganisationId';

/** Values of gpConnectAdditionalInformation.recipientType. */
export const GPCONNECT_RECIPIENT_TYPES = ['For Action', 'For Information'] as const;

const PersonNameSchema = z.object({
  family: z.string().describe('Family name.'),
  given: z.string().optional().describe('Given name.'),
});

/** The extra information the GP route requires (spec: gpConnectAdditionalInformation). */
export const GpConnectAdditionalInformationSchema = z.object({
  recipientType: z.enum(GPCONNECT_RECIPIENT_TYPES),
  senderReference: z.string().describe('Unique sender reference of the consultation event.'),
  confidentiality: z.boolean().describe('Whether the message is confidential.'),
  relatesTo: z
    .string()
    .optional()
    .describe('Identifier of the earlier message being replaced; required when versionNumber > 1.'),
  versionNumber: z.number().int().describe('1 for an original send; greater than 1 for each replacement.'),
  patient: z.object({
    name: PersonNameSchema,
    dateOfBirth: z.string().describe('Date of birth (format not stated by the spec).'),
  }),
  practitioner: z
    .object({
      name: PersonNameSchema,
      sdsUserId: z.string().optional().describe("Directory user id; 'UNK' or omitted when unavailable."),
      telephone: z.string().optional(),
      email: z.string().optional(),
    })
    .optional()
    .describe('Author of the summary; provide it if known.'),
  organisation: z
    .object({ telephone: z.string().optional(), email: z.string().optional() })
    .optional()
    .describe('Sending organisation.'),
  typeCode: z.string().describe('SNOMED CT code of the encounter type.'),
  typeDescription: z.string().describe('SNOMED CT display value of the encounter type.'),
});

/** The extra information the GP route requires. */
export type GpConnectAdditionalInformation = z.infer<typeof GpConnectAdditionalInformationSchema>;

const gpRecipientValue = z
  .string()
  .describe("ODS code of the patient's practice, or 'UNK' / 'gpconnect' when unknown (routing then uses the subject).");

const GpRecipientSchema = z.object({
  id: z.object({ type: z.literal(GPCONNECT_RECIPIENT_ID_TYPE), value: gpRecipientValue }),
});

const GpRecipientParamsSchema = z.object({
  id: z.object({ type: z.literal(GPCONNECT_RECIPIENT_ID_TYPE).optional(), value: gpRecipientValue }),
});

const gpFields = {
  topic: z.string().describe('One of the topicName values served by GET /api/v1/topics.'),
  subject: SubjectSchema,
  expiryDateTime: z.string().optional().describe("RFC 3339 timestamp with 'Z' or an offset, in the future."),
  body: MessageBodySchema.optional(),
  attachments: z.array(AttachmentSchema).describe('Exactly one attachment: the consultation summary.'),
  gpConnectAdditionalInformation: GpConnectAdditionalInformationSchema,
};

const messageIdField = UuidSchema.describe('Unique per message, chosen by the sender; used later in status queries.');

/** A GP-route message exactly as sent on the wire to POST /api/v1/gpconnect/messages. */
export const GpConnectMessageSchema = z.object({
  messageId: messageIdField,
  type: z.literal(GPCONNECT_MESSAGE_TYPE),
  recipient: GpRecipientSchema,
  ...gpFields,
});

/** A GP-route message as sent on the wire. */
export type GpConnectMessage = z.infer<typeof GpConnectMessageSchema>;

/**
 * What `gpconnect.send()` takes: the wire format with `messageId` optional
 * and the fixed `type` and `recipient.id.type` filled in by the SDK.
 */
export const GpConnectMessageParamsSchema = z.object({
  messageId: messageIdField.optional(),
  type: z.literal(GPCONNECT_MESSAGE_TYPE).optional(),
  recipient: GpRecipientParamsSchema,
  ...gpFields,
});

/** A GP-route message to send; `messageId`, `type` and `recipient.id.type` are filled in when absent. */
export type GpConnectMessageParams = z.infer<typeof GpConnectMessageParamsSchema>;
