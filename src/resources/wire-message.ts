import { v4 as uuidv4 } from 'uuid';
import { GPCONNECT_MESSAGE_TYPE, GPCONNECT_RECIPIENT_ID_TYPE } from '../schemas/gpconnect.js';
import { INSTANT_MESSAGE_TYPE } from '../schemas/message.js';
import type { Route } from '../validation/index.js';
import { isRecord } from '../internal/is-record.js';

/** A message as it goes on the wire, with the id the result reports. */
export interface WireMessage {
  /** The messageId sent (the caller's, or a generated v4 UUID). */
  messageId: string;
  /** The body: the caller's message with the SDK's conveniences filled in. */
  wire: unknown;
}

/** The GP route's recipient with `id.type` filled in; anything malformed is left for validation to name. */
function gpRecipient(recipient: unknown): unknown {
  if (!isRecord(recipient) || !isRecord(recipient.id)) return recipient;
  return { ...recipient, id: { ...recipient.id, type: recipient.id.type ?? GPCONNECT_RECIPIENT_ID_TYPE } };
}

/** An object literal's kind of object; a class instance (perhaps with its own `toJSON`) is left whole. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A copy of the attachments array and of each attachment object (the content
 * strings are shared, not copied): what validation checks is then exactly
 * what is serialised and sent, whatever the caller does to its own objects
 * meanwhile. Anything unreadable is left as it is for validation to report.
 */
function copyAttachments(attachments: unknown): unknown {
  if (!Array.isArray(attachments)) return attachments;
  try {
    return attachments.map((attachment: unknown) => (isPlainObject(attachment) ? { ...attachment } : attachment));
  } catch {
    return attachments;
  }
}

/**
 * Fills in what the SDK lets the caller leave out: `messageId` (a v4 UUID),
 * the fixed `type` of the instant and GP routes, and the GP route's
 * `recipient.id.type`. Nothing else is renamed or reshaped, the caller's
 * object is not modified (its attachments are copied, see
 * `copyAttachments`), and a value that is not an object is passed on as it
 * is, so that validation reports it instead of a TypeError.
 */
export function toWireMessage(message: unknown, route: Route): WireMessage {
  if (!isRecord(message)) return { messageId: uuidv4(), wire: message };
  const messageId = message.messageId ?? uuidv4();
  const wire: Record<string, unknown> = { ...message, messageId };
  if ('attachments' in message) wire.attachments = copyAttachments(message.attachments);
  if (route === 'instant') wire.type = message.type ?? INSTANT_MESSAGE_TYPE;
  if (route === 'gpconnect') {
    wire.type = message.type ?? GPCONNECT_MESSAGE_TYPE;
    if ('recipient' in message) wire.recipient = gpRecipient(message.recipient);
  }
  // A messageId that is not a string fails validation (or, skipped, the server):
  // no result ever reports it, so no id is invented for it here.
  return { messageId: typeof messageId === 'string' ? messageId : '', wire };
}

/** The attachments of a wire message, whatever shape it has. */
export function attachmentsOf(wire: unknown): unknown {
  return isRecord(wire) ? wire.attachments : undefined;
}
