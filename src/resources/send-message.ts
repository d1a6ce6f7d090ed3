import { LocalValidationError } from '../core/errors/local-errors.js';
import type { OperationName } from '../core/retry-policy.js';
import { messageSecrets } from '../core/sensitive-fields.js';
import { SendResponseSchema } from '../schemas/send-response.js';
import { validateMessage, type Route } from '../validation/index.js';
import type { ClientContext } from './resource.js';
import type { SendOptions, SendResult } from './send-types.js';

/** One send as a resource describes it. Internal. */
export interface SendSpec {
  route: Route;
  operation: Extract<OperationName, 'messages.send' | 'instant.send' | 'gpconnect.send'>;
  /** Path of the send endpoint. */
  path: string;
  /** The message exactly as it goes on the wire, messageId filled in. */
  wire: { messageId: string } & Record<string, unknown>;
  /** Extra headers (the instant access token). */
  headers?: Record<string, string>;
  /** Values to mask besides the message's patient data (the access token). */
  secrets?: readonly string[];
}

/**
 * The one send pipeline of all three routes: local validation, then the
 * request. Nothing is sent when validation fails.
 */
export async function sendMessage(context: ClientContext, spec: SendSpec, options: SendOptions): Promise<SendResult> {
  if (!options.skipLocalValidation) {
    const result = validateMessage(spec.wire, {
      route: spec.route,
      topics: context.cachedTopicNames(),
      limits: context.limits,
    });
    if (!result.ok) throw new LocalValidationError(result.invalidParameters);
  }
  const response = await context.transport.request(
    {
      operation: spec.operation,
      method: 'POST',
      path: spec.path,
      json: spec.wire,
      schema: SendResponseSchema,
      send: true,
      secrets: [...messageSecrets(spec.wire), ...(spec.secrets ?? [])],
      ...(spec.headers ? { headers: spec.headers } : {}),
    },
    options,
  );
  return { messageId: spec.wire.messageId, statusEndpoint: response.messageStatusEndpoint, recovered: false };
}
