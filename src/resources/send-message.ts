import { AttachmentContentRejectedError } from '../core/errors/api-error.js';
import { CdmsError } from '../core/errors/cdms-error.js';
import { LocalValidationError } from '../core/errors/local-errors.js';
import type { TransportCallOptions } from '../core/options.js';
import type { OperationName } from '../core/retry-policy.js';
import { messageSecrets } from '../core/sensitive-fields.js';
import { assertNotPreviouslyRejected, rememberRejected } from '../rejected-content/guard.js';
import { SendResponseSchema } from '../schemas/send-response.js';
import { validateMessage, type Route } from '../validation/index.js';
import type { ClientContext } from './resource.js';
import { serialiseWireMessage } from './wire-body.js';
import { attachmentsOf, type WireMessage } from './wire-message.js';
import { statusEndpointOf } from '../schemas/endpoints.js';
import { ResendBudget, isAmbiguous, isDuplicateMessageId, serviceHasMessage } from './send-recovery.js';
import type { SendOptions, SendResult } from './send-types.js';
import type { OperationScope, RecoveryOutcome } from '../core/telemetry-port.js';

/** One send as a resource describes it. Internal. */
export interface SendSpec {
  route: Route;
  operation: Extract<OperationName, 'messages.send' | 'instant.send' | 'gpconnect.send'>;
  /** Path of the send endpoint. */
  path: string;
  /** The message as it goes on the wire, and its messageId. */
  message: WireMessage;
  /** Extra headers (the instant access token). */
  headers?: Record<string, string>;
  /** Values to mask besides the message's patient data (the access token). */
  secrets?: readonly string[];
}

/**
 * The one send pipeline of all three routes: local validation, the
 * rejected-content guard, the request, and recovery. Nothing is sent when
 * validation or the guard fails. When an attempt ends without a definite
 * answer, the status endpoint decides: found means delivered (`recovered`),
 * 404 means resend with the same messageId (docs/reliability.md).
 */
export async function sendMessage(context: ClientContext, spec: SendSpec, options: SendOptions, scope: OperationScope): Promise<SendResult> {
  scope.route(spec.route);
  const validated = !options.skipLocalValidation;
  if (validated) {
    const topics = await context.topicNamesForSend(options);
    const result = validateMessage(spec.message.wire, {
      route: spec.route,
      topics,
      limits: context.limits,
      additionalIdTypes: context.additionalIdTypes,
    });
    if (!result.ok) throw new LocalValidationError(result.invalidParameters, { delivery: 'not-sent' });
  }
  // Serialised once, right after validation and before anything awaits: every attempt sends these very bytes.
  const body = serialiseWireMessage(spec.message.wire, validated);
  await assertNotPreviouslyRejected(context.rejectedContent, attachmentsOf(spec.message.wire));
  scope.messageId(spec.message.messageId);

  const { config } = context.transport;
  const budget = new ResendBudget(options.maxRetries ?? config.maxRetries);
  const call: TransportCallOptions = {
    ...options,
    deadlineAt: options.deadlineMs === undefined ? undefined : Date.now() + options.deadlineMs,
    scope,
  };
  let uncertain = false; // an earlier attempt of this send may have arrived
  for (;;) {
    try {
      return await attempt(context, spec, body, call);
    } catch (error) {
      if (error instanceof AttachmentContentRejectedError) {
        await rememberRejected(context.rejectedContent, attachmentsOf(spec.message.wire), error);
        throw error;
      }
      if (!isAmbiguous(error) && !(uncertain && isDuplicateMessageId(error))) throw error;
      uncertain = true;
      const recovered = await recover(context, spec, call, error);
      if (recovered) return recovered;
      if (!budget.canResend || pastDeadline(call.deadlineAt)) {
        // The service does not hold it: whatever the attempt met, it was not delivered.
        if (error instanceof CdmsError) error.delivery = 'not-sent';
        throw error;
      }
      config.logger.warn(
        { event: 'resend', operation: spec.operation, messageId: spec.message.messageId },
        `cdms: ${spec.operation} not found after an unclear attempt; resending`,
      );
      await budget.pause(options.signal, config.random);
    }
  }
}

/**
 * After an unclear attempt: the result when the service holds the message,
 * undefined when it does not (a resend may follow). Rethrows `error` when the
 * outcome cannot be settled.
 */
async function recover(context: ClientContext, spec: SendSpec, call: TransportCallOptions, error: unknown): Promise<SendResult | undefined> {
  const { messageId } = spec.message;
  const found = await lookUp(context, spec, call);
  call.scope?.recovery(recoveryOutcome(found, error));
  if (found === undefined) throw error; // the lookup failed too: the outcome stays unknown
  if (found) {
    context.transport.config.logger.info({ event: 'recovered', operation: spec.operation, messageId }, `cdms: ${spec.operation} confirmed delivered`);
    return { messageId, statusEndpoint: statusEndpointOf(spec.route, messageId), recovered: true };
  }
  if (isDuplicateMessageId(error)) {
    // "Already used" yet not found: the service contradicts itself, so say so.
    if (error instanceof CdmsError) error.delivery = 'unknown';
    throw error;
  }
  return undefined;
}

/**
 * Whether the service holds the message; undefined when the lookup itself
 * failed, which leaves the outcome unknown.
 */
async function lookUp(context: ClientContext, spec: SendSpec, call: TransportCallOptions): Promise<boolean | undefined> {
  try {
    return await serviceHasMessage(context, spec.route, spec.message.messageId, call);
  } catch {
    return undefined;
  }
}

async function attempt(context: ClientContext, spec: SendSpec, body: string, call: TransportCallOptions): Promise<SendResult> {
  const response = await context.transport.request(
    {
      operation: spec.operation,
      method: 'POST',
      path: spec.path,
      jsonText: body,
      schema: SendResponseSchema,
      send: true,
      secrets: [...messageSecrets(spec.message.wire), ...(spec.secrets ?? [])],
      ...(spec.headers ? { headers: spec.headers } : {}),
    },
    call,
  );
  return { messageId: spec.message.messageId, statusEndpoint: response.messageStatusEndpoint, recovered: false };
}

function recoveryOutcome(found: boolean | undefined, error: unknown): RecoveryOutcome {
  if (found === undefined) return 'lookup-failed';
  if (found) return 'recovered';
  return isDuplicateMessageId(error) ? 'contradiction' : 'not-found';
}

const pastDeadline = (deadlineAt: number | undefined): boolean => deadlineAt !== undefined && Date.now() >= deadlineAt;
