// The service's endpoints, written once: the client calls them, the sandbox
// serves them, the OpenAPI generator documents them and a send's recovery
// names a status endpoint the way the service does. Paths are relative to the
// service's root (no leading slash, as the client's base URL ends with one);
// `{messageId}` marks the one variable segment, in the form OpenAPI and the
// telemetry's `url.template` use. Plain data, so the sandbox
// uses it without bringing in the client.
import type { Route } from './vocabulary.js';

/** Every endpoint of the interface specification, by what it does (spec: Endpoints). */
export const ENDPOINTS = {
  /** GET (or POST): checks the address and the API key. */
  test: 'api/v1/test',
  /** GET: the approved topic names. */
  topics: 'api/v1/topics',
  /** POST: sends a standard message. */
  sendStandard: 'api/v1/messages',
  /** POST: sends an instant message. */
  sendInstant: 'api/v1/messages/instant',
  /** POST: sends a GP-route message. */
  sendGpConnect: 'api/v1/gpconnect/messages',
  /** GET: the status of a standard or instant message. */
  status: 'api/v1/messages/{messageId}/status',
  /** GET: the status of a GP-route message. */
  gpconnectStatus: 'api/v1/gpconnect/messages/{messageId}/status',
  /** POST: exchanges an access code for an access token; GET: verifies a token (the spec's definition). */
  accessToken: 'api/v1/messages/instant/access/token',
  /** GET: verifies an access token (the path of the spec's sample). */
  accessTokenVerify: 'api/v1/messages/instant/access/token/verify',
  /** POST: registers a widget. */
  widgets: 'api/v1/widgets',
} as const;

/** Where each route's messages are sent. */
export const SEND_ENDPOINTS = {
  standard: ENDPOINTS.sendStandard,
  instant: ENDPOINTS.sendInstant,
  gpconnect: ENDPOINTS.sendGpConnect,
} as const satisfies Record<Route, string>;

/** Where each route's status is read: an instant message's where a standard one's is. */
export const STATUS_ENDPOINTS = {
  standard: ENDPOINTS.status,
  instant: ENDPOINTS.status,
  gpconnect: ENDPOINTS.gpconnectStatus,
} as const satisfies Record<Route, string>;

/**
 * An endpoint's path with `{messageId}` filled in by a segment the caller has
 * already made safe (the client percent-encodes and checks it; see core/path.ts).
 */
export function withMessageId(endpoint: string, segment: string): string {
  return endpoint.replace('{messageId}', segment);
}

/**
 * The status endpoint of a message on its route, as the service returns it
 * in a send's response (`messageStatusEndpoint`): absolute from the root,
 * the id percent-encoded.
 */
export function statusEndpointOf(route: Route, messageId: string): string {
  return `/${withMessageId(STATUS_ENDPOINTS[route], encodeURIComponent(messageId))}`;
}
