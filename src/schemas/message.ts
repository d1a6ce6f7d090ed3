import { z } from 'zod';
import { AttachmentSchema } from './attachment.js';
import { CodedDataItemSchema } from './coded-data-item.js';
import { MessageBodySchema, RecipientSchema, SubjectSchema, type Recipient, type Subject } from './message-parts.js';
import { UuidSchema } from './uuid.js';

/** The `type` value that marks an instant message (spec: Message, type). */
export const INSTANT_MESSAGE_TYPE = 'ToolbarInstantMessage';

/** Fields shared by the standard and instant sends, before `messageId`. */
const messageFields = {
  /** One of the topicName values served by GET /api/v1/topics. */
  topic: z.string().describe('One of the topicName values served by GET /api/v1/topics.'),
  /** The intended recipient organisation. */
  recipient: RecipientSchema,
  /** The patient the message concerns. */
  subject: SubjectSchema,
  /** RFC 3339 timestamp with 'Z' or an offset, in the future; after it the message is not delivered. */
  expiryDateTime: z
    .string()
    .optional()
    .describe("RFC 3339 timestamp with 'Z' or an offset, in the future; after it the message is not delivered."),
  /** Free text shown to the recipient. */
  body: MessageBodySchema.optional(),
  /** 1 to 10 attachments of at most 5 MB each. */
  attachments: z.array(AttachmentSchema).describe('1 to 10 attachments of at most 5 MB each.'),
  /** Coded clinical data items (standard and instant sends only). */
  codedDataItems: z.array(CodedDataItemSchema).optional(),
};

const messageIdField = UuidSchema.describe('Unique per message, chosen by the sender; used later in status queries.');

/** A standard message exactly as sent on the wire to POST /api/v1/messages. */
export const StandardMessageSchema = z.object({
  /** Unique per message, chosen by the sender; used later in status queries. */
  messageId: messageIdField,
  ...messageFields,
});

/** A standard message as sent on the wire (no `type` field). */
export interface StandardMessage extends z.infer<typeof StandardMessageSchema> {}

/** An instant message exactly as sent on the wire to POST /api/v1/messages/instant. */
export const InstantMessageSchema = z.object({
  /** Unique per message, chosen by the sender; used later in status queries. */
  messageId: messageIdField,
  /** Fixed value 'ToolbarInstantMessage'. */
  type: z.literal(INSTANT_MESSAGE_TYPE),
  ...messageFields,
});

/** An instant message as sent on the wire. */
export interface InstantMessage extends z.infer<typeof InstantMessageSchema> {}

/**
 * What `messages.send()` takes: the wire format, with `messageId` optional
 * (a UUID is generated when absent).
 */
export const StandardMessageParamsSchema = StandardMessageSchema.extend({
  /** Unique per message; a v4 UUID is generated when absent. Keep it: status queries use it. */
  messageId: messageIdField.optional(),
});

/**
 * A standard message to send; `messageId` is generated when absent.
 *
 * @typeParam ExtraSubjectIdType - A client's additional subject id types; none by default.
 * @typeParam ExtraRecipientIdType - A client's additional recipient id types; none by default.
 */
export interface StandardMessageParams<ExtraSubjectIdType extends string = never, ExtraRecipientIdType extends string = never>
  extends Omit<z.infer<typeof StandardMessageParamsSchema>, 'recipient' | 'subject'> {
  /** The intended recipient organisation. */
  recipient: Recipient<ExtraRecipientIdType>;
  /** The patient the message concerns. */
  subject: Subject<ExtraSubjectIdType>;
}

/**
 * What `instant.send()` takes: the wire format, with `messageId` optional and
 * `type` filled in by the SDK.
 */
export const InstantMessageParamsSchema = InstantMessageSchema.extend({
  /** Unique per message; a v4 UUID is generated when absent. Keep it: status queries use it. */
  messageId: messageIdField.optional(),
  /** 'ToolbarInstantMessage'; filled in by the SDK when absent. */
  type: z.literal(INSTANT_MESSAGE_TYPE).optional(),
});

/**
 * An instant message to send; `messageId` and `type` are filled in when
 * absent.
 *
 * @typeParam ExtraSubjectIdType - A client's additional subject id types; none by default.
 * @typeParam ExtraRecipientIdType - A client's additional recipient id types; none by default.
 */
export interface InstantMessageParams<ExtraSubjectIdType extends string = never, ExtraRecipientIdType extends string = never>
  extends Omit<z.infer<typeof InstantMessageParamsSchema>, 'recipient' | 'subject'> {
  /** The intended recipient organisation. */
  recipient: Recipient<ExtraRecipientIdType>;
  /** The patient the message concerns. */
  subject: Subject<ExtraSubjectIdType>;
}
