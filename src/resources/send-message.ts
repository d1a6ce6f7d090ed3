import { AttachmentContentRejectedError } from '../core/errors/api-error.js';
import { CdmsError } from '../core/errors/cdms-error.js';
import { markMaybeDelivered, sayMaybeDelivered } from '../core/errors/delivery-note.js';
import { LocalValidationError } from '../core/errors/local-errors.js';
import type { TransportCallOptions } from '../core/options.js';
import type { OperationName } from '../core/retry-policy.js';
import { messageSecrets } from '../core/sensitive-fields.js';
import { assertNotPreviouslyRejected, rememberRejected } from '../rejected-content/guard.js';
import { SendResponseSchema } from '../schemas/send-response.js';
import type { Route } from '../validation/index.js';
import type { DecodedTexts } from '../validation/decoded-texts.js';
import { validateMessageKeepingAsync, validateTopic } from '../validation/message.js';
import { assertRightPatient } from '../validation/wrong-patient.js';
import type { ClientContext } from './resource.js';
import { sendBodyOf, type SendBody } from './send-body.js';
import { attachmentsOf, type WireMessage } from './wire-message.js';
import { statusEndpointOf } from '../schemas/endpoints.js';
import { ResendBudget, isAmbiguous, isDuplicateMessageId, refusesEveryAttempt, serviceHasMessage } from './send-recovery.js';
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
 *
 * The verdict rule: once an attempt may have reached the service, the send
 * ends only in confirmed success or `delivery: 'unknown'`. A 404 from the
 * status endpoint is no proof of absence while that attempt may still be on
 * its way, so running out of resends, of time or of the caller's patience
 * after it says `unknown`; only an answer that refuses every attempt of the
 * message (see `refusesEveryAttempt`) keeps `not-sent`.
 */
export async function sendMessage(context: ClientContext, spec: SendSpec, options: SendOptions, scope: OperationScope): Promise<SendResult> {
  scope.route(spec.route);
  const validated = !options.skipLocalValidation;
  const decodedTexts: DecodedTexts = new Map(); // text attachments decoded once: validation's UTF-8 check, then the cross-check
  if (validated) {
    // Everything but the topic's place in the list first: an invalid message costs no request for the list.
    const settings = { route: spec.route, topics: undefined, limits: context.limits, additionalIdTypes: context.additionalIdTypes };
    // The event loop runs between large attachments: checking ten 5 MB ones is a tenth of a second of CPU.
    const result = await validateMessageKeepingAsync(spec.message.wire, settings, decodedTexts);
    if (!result.ok) throw new LocalValidationError(result.invalidParameters, { delivery: 'not-sent' });
    const topics = await context.topicNamesForSend(options);
    const topic = topics === undefined ? result : validateTopic(spec.message.wire, topics);
    if (!topic.ok) throw new LocalValidationError(topic.invalidParameters, { delivery: 'not-sent' });
  }
  // Serialised once, right after validation, from the wire copy no one else holds: every attempt sends these very bytes.
  const body = await sendBodyOf(spec.message.wire, validated);
  // The same plain copy the body was made from; PDFs are read by the client's worker pool, each once per client.
  if (validated) await assertRightPatient(spec.message.wire, options, { checker: context.pdfChecker, decodedTexts });
  // Every value the message carries, masked in whatever the service answers (it may echo the request).
  const secrets = [...messageSecrets(spec.message.wire), ...(spec.secrets ?? [])];
  await assertNotPreviouslyRejected(context.rejectedContent, attachmentsOf(spec.message.wire));
  scope.messageId(spec.message.messageId);

  const { config } = context.transport;
  const budget = new ResendBudget(options.maxRetries ?? config.maxRetries);
  const call: TransportCallOptions = {
    ...options,
    deadlineAt: options.deadlineMs === undefined ? undefined : Date.now() + options.deadlineMs,
    scope,
  };
  const seen: Uncertainty = { mayHaveArrived: false, notFoundYet: false };
  for (;;) {
    try {
      return await attempt(context, spec, body, secrets, call);
    } catch (error) {
      if (error instanceof AttachmentContentRejectedError) {
        await rememberRejected(context.rejectedContent, attachmentsOf(spec.message.wire), error);
        throw verdict(error, seen, spec.message.messageId);
      }
      if (!isAmbiguous(error) && !(seen.mayHaveArrived && isDuplicateMessageId(error))) throw verdict(error, seen, spec.message.messageId);
      seen.mayHaveArrived = true;
      const recovered = await recover(context, spec, call, error, seen);
      if (recovered) return recovered;
      seen.notFoundYet = true;
      const pauseMs = budget.nextPauseMs(config.random, call.deadlineAt);
      if (pauseMs === undefined) throw verdict(error, seen, spec.message.messageId);
      config.logger.warn(
        { event: 'resend', operation: spec.operation, messageId: spec.message.messageId },
        `cdms: ${spec.operation} not found after an unclear attempt; resending`,
      );
      try {
        await budget.pause(pauseMs, options.signal);
      } catch (abort) {
        throw verdict(abort, seen, spec.message.messageId);
      }
    }
  }
}

/** What the attempts of one send have left open. */
interface Uncertainty {
  /** An attempt may have reached the service (a timeout, a connection dropped once made). */
  mayHaveArrived: boolean;
  /** The status endpoint has answered 404 since: "not there yet", which an attempt on its way can still change. */
  notFoundYet: boolean;
}

/**
 * The error a send ends with, its `delivery` made true for the whole send:
 * after an attempt that may have arrived, only a refusal that applies to
 * every attempt stays `not-sent`; anything else becomes `unknown`, and the
 * text says so (decision D-CLIENT-13, docs/decisions/client.md). It names
 * the messageId, which the SDK may have generated: the caller needs it to
 * look an `unknown` send up before sending anything again.
 */
function verdict(error: unknown, seen: Uncertainty, messageId: string): unknown {
  if (!(error instanceof CdmsError)) return error;
  error.messageId ??= messageId;
  if (seen.mayHaveArrived && !refusesEveryAttempt(error)) markMaybeDelivered(error, seen.notFoundYet);
  else sayMaybeDelivered(error);
  return error;
}

/**
 * After an unclear attempt: the result when the service holds the message,
 * undefined when it does not yet (a resend may follow). Throws the send's
 * verdict when the outcome cannot be settled.
 */
async function recover(
  context: ClientContext,
  spec: SendSpec,
  call: TransportCallOptions,
  error: unknown,
  seen: Uncertainty,
): Promise<SendResult | undefined> {
  const { messageId } = spec.message;
  const found = await lookUp(context, spec, call);
  call.scope?.recovery(recoveryOutcome(found, error));
  if (found === undefined) throw verdict(error, seen, spec.message.messageId); // the lookup failed too: the outcome stays unknown
  if (found) {
    context.transport.config.logger.info({ event: 'recovered', operation: spec.operation, messageId }, `cdms: ${spec.operation} confirmed delivered`);
    return { messageId, statusEndpoint: statusEndpointOf(spec.route, messageId), recovered: true };
  }
  // "Already used" yet not found: the service contradicts itself, so the outcome stays unknown.
  if (isDuplicateMessageId(error)) throw verdict(error, seen, spec.message.messageId);
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

async function attempt(context: ClientContext, spec: SendSpec, body: SendBody, secrets: readonly string[], call: TransportCallOptions): Promise<SendResult> {
  const response = await context.transport.request(
    {
      operation: spec.operation,
      method: 'POST',
      path: spec.path,
      jsonText: body,
      schema: SendResponseSchema,
      send: true,
      secrets,
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
