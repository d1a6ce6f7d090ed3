// The service's endpoints by what they do, read from the operation table
// (operations.ts, where each path is written once): the client calls them,
// the sandbox serves them and a send's recovery names a status endpoint the
// way the service does. Paths are relative to the service's root (no leading
// slash, as the client's base URL ends with one); `{messageId}` marks the one
// variable segment, in the form OpenAPI and the telemetry's `url.template`
// use. Plain data, so the sandbox uses it without bringing in the client.
import { OPERATIONS } from './operations.js';
import type { Route } from './vocabulary.js';

/** Every endpoint of the interface specification, by what it does (spec: Endpoints). */
export const ENDPOINTS = {
  /** GET (or POST): checks the address and the API key. */
  test: OPERATIONS.test.path,
  /** GET: the approved topic names. */
  topics: OPERATIONS.listTopics.path,
  /** POST: sends a standard message. */
  sendStandard: OPERATIONS.sendMessage.path,
  /** POST: sends an instant message. */
  sendInstant: OPERATIONS.sendInstantMessage.path,
  /** POST: sends a GP-route message. */
  sendGpConnect: OPERATIONS.sendGpConnectMessage.path,
  /** GET: the status of a standard or instant message. */
  status: OPERATIONS.getMessageStatus.path,
  /** GET: the status of a GP-route message. */
  gpconnectStatus: OPERATIONS.getGpConnectStatus.path,
  /** POST: exchanges an access code for an access token; GET: verifies a token (the spec's definition). */
  accessToken: OPERATIONS.exchangeAccessCode.path,
  /** GET: verifies an access token (the path of the spec's sample). */
  accessTokenVerify: OPERATIONS.verifyAccessTokenSamplePath.path,
  /** POST: registers a widget. */
  widgets: OPERATIONS.registerWidget.path,
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
