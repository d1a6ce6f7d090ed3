import { v4 as uuidv4 } from 'uuid';
import { GPCONNECT_MESSAGE_TYPE, GPCONNECT_RECIPIENT_ID_TYPE } from '../schemas/gpconnect.js';
import { INSTANT_MESSAGE_TYPE } from '../schemas/message.js';
import type { Route } from '../validation/index.js';
import { isRecord } from '../internal/is-record.js';
import { UnreadableValueError, jsonSnapshot } from '../internal/json-snapshot.js';
import { LocalValidationError } from '../core/errors/local-errors.js';

/** A message as it goes on the wire, with the id the result reports. */
export interface WireMessage {
  /** The messageId sent (the caller's, or a generated v4 UUID). */
  messageId: string;
  /** The body: a plain-data copy of the caller's message with the SDK's conveniences filled in. */
  wire: unknown;
}

/** The GP route's recipient with `id.type` filled in; anything malformed is left for validation to name. */
function gpRecipient(recipient: unknown): unknown {
  if (!isRecord(recipient) || !isRecord(recipient.id)) return recipient;
  return { ...recipient, id: { ...recipient.id, type: recipient.id.type ?? GPCONNECT_RECIPIENT_ID_TYPE } };
}

/** The reason a message part that cannot be read gives; the value itself is never shown. */
function unreadable(error: UnreadableValueError): LocalValidationError {
  return new LocalValidationError(
    [{ name: error.path || '(message)', reason: `${error.reason}; pass the message as plain data (objects, arrays, strings, numbers, booleans)` }],
    { delivery: 'not-sent' },
  );
}

/**
 * Copies the caller's message into plain data once (see `jsonSnapshot`) and
 * fills in what the SDK lets the caller leave out: `messageId` (a v4 UUID),
 * the fixed `type` of the instant and GP routes, and the GP route's
 * `recipient.id.type`. Nothing else is renamed or reshaped, and the caller's
 * object is not modified. Validation checks this copy and the send
 * serialises it: what is validated is what is sent, whatever the caller's
 * objects do (a `toJSON`, a getter, a proxy, a change made meanwhile). A
 * value that is not an object is passed on as it is, so that validation
 * reports it instead of a TypeError.
 *
 * @throws LocalValidationError (`delivery: 'not-sent'`) when a part cannot
 * be read: its `toJSON`, a getter or a proxy throws, or it refers back to itself
 * (decision D-CLIENT-14, docs/decisions/client.md).
 */
export function toWireMessage(input: unknown, route: Route): WireMessage {
  let message: unknown;
  try {
    message = jsonSnapshot(input);
  } catch (error) {
    if (error instanceof UnreadableValueError) throw unreadable(error);
    throw error;
  }
  if (!isRecord(message)) return { messageId: uuidv4(), wire: message };
  const messageId = message.messageId ?? uuidv4();
  const wire: Record<string, unknown> = { ...message, messageId };
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
