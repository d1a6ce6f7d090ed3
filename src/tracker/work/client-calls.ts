// The tracker's only calls to the service, made through the client's public
// API (as an app would): a status read on the message's route, and a stored
// message sent again with its own messageId.
import type { CdmsClient } from '../../client.js';
import type { RequestOptions } from '../../core/options.js';
import type { GpConnectMessageParams } from '../../schemas/gpconnect.js';
import type { InstantMessageParams, StandardMessageParams } from '../../schemas/message.js';
import type { SendResult } from '../../resources/send-types.js';
import type { StoredPayload } from '../model/message-state.js';
import type { TrackedRoute } from '../model/types.js';

/** A status as both endpoints return it. */
export interface SeenStatus {
  status: string;
  subStatus: string | null;
  updated: string | null;
}

/** Reads a message's status from its route's endpoint, through the client's public API. */
export async function readStatus(client: CdmsClient, route: TrackedRoute, messageId: string, options: RequestOptions): Promise<SeenStatus> {
  const s = route === 'gpconnect' ? await client.gpconnect.status(messageId, options) : await client.messages.status(messageId, options);
  return { status: s.status, subStatus: s.subStatus ?? null, updated: typeof s.updated === 'string' ? s.updated : null };
}

/**
 * Sends a stored message on its route, with the same messageId, through the
 * client's public API. The ledger keeps the message as plain JSON; the client
 * validates it again before it leaves, so the casts claim nothing unchecked.
 *
 * One attempt per call (`maxRetries: 0`, decision D-TRACKER-21): the error
 * then tells what that one attempt did (a refused connection or a 503: not
 * delivered; a timeout: maybe), which no error can after several attempts,
 * and the tracker's own schedule makes the next attempt, after a look-up.
 * The client still confirms an unclear attempt through the status endpoint.
 */
export function sendStored(client: CdmsClient, route: TrackedRoute, payload: StoredPayload, callOptions: RequestOptions): Promise<SendResult> {
  const oneAttempt: RequestOptions = { ...callOptions, maxRetries: 0 };
  const options = payload.allowOtherNhsNumbers === true ? { ...oneAttempt, allowOtherNhsNumbers: true } : oneAttempt;
  switch (route) {
    case 'standard':
      return client.messages.send(payload.message as unknown as StandardMessageParams, options);
    case 'instant':
      return client.instant.send(payload.message as unknown as InstantMessageParams, { ...options, accessToken: payload.accessToken ?? '' });
    case 'gpconnect':
      return client.gpconnect.send(payload.message as unknown as GpConnectMessageParams, options);
  }
}
