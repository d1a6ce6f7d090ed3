import type { z } from 'zod';
import { ENDPOINTS, SEND_ENDPOINTS as SEND_PATHS } from '../../schemas/endpoints.js';
import { GPCONNECT_MESSAGE_TYPE, GpConnectMessageSchema } from '../../schemas/gpconnect.js';
import { INSTANT_MESSAGE_TYPE, InstantMessageSchema, StandardMessageSchema } from '../../schemas/message.js';
import type { InvalidParameter } from '../../schemas/problem.js';
import { validateMessage, type Route } from '../../validation/index.js';
import { toInvalidParameters } from '../http/zod-issues.js';
import type { SandboxState } from '../state.js';

/** What differs between the three send endpoints. */
export interface SendEndpoint {
  route: Route;
  /** The `type` the body must carry; undefined: no `type` (the standard send). */
  type: string | undefined;
  /** The endpoint's path, for reasons that point elsewhere. */
  path: string;
  schema: z.ZodType;
}

/** The three send endpoints (spec: Endpoints). */
export const SEND_ENDPOINTS: Record<Route, SendEndpoint> = {
  standard: { route: 'standard', type: undefined, path: `/${SEND_PATHS.standard}`, schema: StandardMessageSchema },
  instant: { route: 'instant', type: INSTANT_MESSAGE_TYPE, path: `/${SEND_PATHS.instant}`, schema: InstantMessageSchema },
  gpconnect: { route: 'gpconnect', type: GPCONNECT_MESSAGE_TYPE, path: `/${SEND_PATHS.gpconnect}`, schema: GpConnectMessageSchema },
};

/**
 * The reason given for a reused messageId: the fact, as a service states it
 * (the SDK's recovery looks for `messageId` and "already"); what to do is the
 * client's to say.
 */
export const MESSAGE_ID_USED_REASON = 'has already been used for another message';

/**
 * The `type` field's purpose is to reject a request sent to the wrong
 * endpoint (spec: Message, type); the reason says which endpoint it fits.
 */
export function checkType(body: Record<string, unknown>, endpoint: SendEndpoint): InvalidParameter | undefined {
  const type = body.type;
  if (type === endpoint.type) return undefined;
  const fits = Object.values(SEND_ENDPOINTS).find((e) => e.type !== undefined && e.type === type);
  if (fits) return { name: 'type', reason: `is '${fits.type}': send it to POST ${fits.path}, not POST ${endpoint.path}` };
  if (endpoint.type === undefined) return { name: 'type', reason: `must be absent on POST ${endpoint.path} (standard messages have no type)` };
  return { name: 'type', reason: type === undefined ? `is required: '${endpoint.type}'` : `must be '${endpoint.type}'` };
}

/** Fields whose schema issues the shared rules report instead. */
const ID_TYPE_FIELDS: ReadonlySet<string> = new Set(['recipient.id.type', 'subject.id.type']);

/** Adds the parameters of `extra` whose names `base` does not already report. */
export function mergeByName(base: InvalidParameter[], extra: readonly InvalidParameter[]): InvalidParameter[] {
  const names = new Set(base.map((p) => p.name));
  return [...base, ...extra.filter((p) => !names.has(p.name))];
}

function attachmentCount(body: Record<string, unknown>, endpoint: SendEndpoint, state: SandboxState): InvalidParameter[] {
  const attachments = body.attachments;
  if (!Array.isArray(attachments)) return [];
  if (endpoint.route === 'gpconnect') {
    return attachments.length === 1 ? [] : [{ name: 'attachments', reason: 'must hold exactly 1 attachment on the GP route' }];
  }
  const max = state.config.limits.maxAttachments;
  const ok = attachments.length >= 1 && attachments.length <= max;
  return ok ? [] : [{ name: 'attachments', reason: `must hold 1 to ${max} attachments` }];
}

function codedItems(body: Record<string, unknown>, endpoint: SendEndpoint): InvalidParameter[] {
  const items = body.codedDataItems;
  if (endpoint.route === 'gpconnect') {
    return items === undefined ? [] : [{ name: 'codedDataItems', reason: 'is not allowed on the GP route' }];
  }
  if (!Array.isArray(items)) return [];
  // The spec's sample says 'units', its definition 'unit': the sandbox takes the definition (decision D-SANDBOX-09).
  return items.flatMap((item: unknown, i) =>
    item !== null && typeof item === 'object' && 'units' in item
      ? [{ name: `codedDataItems[${i}].units`, reason: "is not accepted: the key is 'unit'" }]
      : [],
  );
}

function reference(body: Record<string, unknown>, endpoint: SendEndpoint, state: SandboxState): InvalidParameter[] {
  const out: InvalidParameter[] = [];
  if (typeof body.topic === 'string' && !state.config.topics.includes(body.topic)) {
    out.push({ name: 'topic', reason: `is not one of the topics served by GET /${ENDPOINTS.topics}` });
  }
  // The GP route routes by the patient (MESH), so its recipient need not be a practice that uses the service.
  const recipient = (body.recipient as { id?: { value?: unknown } } | undefined)?.id?.value;
  if (endpoint.route !== 'gpconnect' && typeof recipient === 'string' && !state.config.recipients.includes(recipient)) {
    out.push({ name: 'recipient.id.value', reason: 'is not an organisation that uses the service' });
  }
  if (typeof body.messageId === 'string' && state.messages.isUsed(body.messageId)) {
    out.push({ name: 'messageId', reason: MESSAGE_ID_USED_REASON });
  }
  return out;
}

function sharedRules(body: Record<string, unknown>, endpoint: SendEndpoint, state: SandboxState, schemaFound: boolean): InvalidParameter[] {
  try {
    const { topics, limits, additionalIdTypes } = state.config;
    return validateMessage(body, { route: endpoint.route, topics, limits, additionalIdTypes, now: state.config.clock(), requireMessageId: true }).invalidParameters;
  } catch (error) {
    // A rule tripping over a body the schema already refused adds nothing; otherwise it is a real fault (500).
    if (schemaFound) return [];
    throw error;
  }
}

/**
 * Every check of a send body, in the order a reader expects them: the
 * request schema, then the per-field rules the SDK shares with the service
 * (`validateMessage`), then what only the service knows (limits, topics,
 * recipients, used messageIds). A field reported by an earlier stage is not
 * reported again by a later one.
 */
export function checkSendBody(body: Record<string, unknown>, endpoint: SendEndpoint, state: SandboxState): InvalidParameter[] {
  const parsed = endpoint.schema.safeParse(body);
  // Id types are the shared rules' to judge: they know the additional types and suggest the one meant.
  const schema = parsed.success ? [] : toInvalidParameters(parsed.error).filter((p) => !ID_TYPE_FIELDS.has(p.name));
  let params = mergeByName(schema, sharedRules(body, endpoint, state, schema.length > 0));
  params = mergeByName(params, [...attachmentCount(body, endpoint, state), ...codedItems(body, endpoint)]);
  return mergeByName(params, reference(body, endpoint, state));
}
