// The request that reads a message's status on its route, built in one place
// for the two status methods and for a send's recovery look-up, so the three
// cannot drift apart (one endpoint table, one schema per route).
import { endpointPath } from '../core/path.js';
import type { RequestSpec } from '../core/transport.js';
import { operationCall } from '../schemas/operations.js';
import { GpConnectStatusSchema, MessageStatusSchema, type GpConnectStatus, type MessageStatus } from '../schemas/status.js';
import type { Route } from '../schemas/vocabulary.js';

/**
 * The status request of a message: the standard endpoint for a standard or
 * instant message, the GP route's for a GP-route one. `messageId` must have
 * been checked as a UUID; it is percent-encoded into the path.
 */
export function statusRequest(route: 'gpconnect', messageId: string): RequestSpec<GpConnectStatus>;
export function statusRequest(route: 'standard' | 'instant', messageId: string): RequestSpec<MessageStatus>;
export function statusRequest(route: Route, messageId: string): RequestSpec<MessageStatus | GpConnectStatus>;
export function statusRequest(route: Route, messageId: string): RequestSpec<MessageStatus | GpConnectStatus> {
  if (route === 'gpconnect') {
    const call = operationCall('getGpConnectStatus');
    return { ...call, path: endpointPath(call.path, messageId), schema: GpConnectStatusSchema };
  }
  const call = operationCall('getMessageStatus');
  return { ...call, path: endpointPath(call.path, messageId), schema: MessageStatusSchema };
}
