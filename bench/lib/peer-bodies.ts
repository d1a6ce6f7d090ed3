// What the local service answers to openai-node's and stripe-node's small
// GETs (lib/peer-clients.ts): bodies of the size of a status, about 100 bytes.
// Kept apart from the clients so that the server does not load them.

/** The model that `GET /v1/models/{id}` answers for. */
export const PEER_MODEL_ID = 'bench-model';
/** The customer that `GET /v1/customers/{id}` answers for. */
export const PEER_CUSTOMER_ID = 'cus_bench';

/** Bodies of the same size class as a status (about 100 bytes), for the local service. */
export function peerBody(path: string): string | undefined {
  if (path === `/v1/models/${PEER_MODEL_ID}`) {
    return JSON.stringify({ id: PEER_MODEL_ID, object: 'model', created: 1767225600, owned_by: 'bench' });
  }
  if (path === `/v1/customers/${PEER_CUSTOMER_ID}`) {
    return JSON.stringify({ id: PEER_CUSTOMER_ID, object: 'customer', created: 1767225600, livemode: false, email: null });
  }
  return undefined;
}
