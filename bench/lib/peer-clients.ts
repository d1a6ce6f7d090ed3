// The two SDKs the small GET is compared with, as their users create them:
// openai-node and stripe-node's fetch client, pointed at the bench's local
// service (which answers their paths with lib/peer-bodies.ts). Only the
// address is changed; every other option is the library's default, as the
// SDK's is.
import OpenAI from 'openai';
import Stripe from 'stripe';
import { PEER_CUSTOMER_ID, PEER_MODEL_ID } from './peer-bodies.js';

/** One small GET and its parsed result, as each library's users write it. */
export type SmallGet = () => Promise<unknown>;


/** `openai.models.retrieve()` against the local service. */
export function openaiGet(serverUrl: string): SmallGet {
  const openai = new OpenAI({ apiKey: 'bench-key', baseURL: new URL('v1', serverUrl).href });
  return async () => {
    const model = await openai.models.retrieve(PEER_MODEL_ID);
    if (model.id !== PEER_MODEL_ID) throw new Error('openai-node: unexpected model');
    return model;
  };
}

/** `stripe.customers.retrieve()` with stripe-node's fetch HTTP client, against the local service. */
export function stripeGet(serverUrl: string): SmallGet {
  const url = new URL(serverUrl);
  const stripe = new Stripe('sk_test_bench', {
    httpClient: Stripe.createFetchHttpClient(),
    protocol: 'http',
    host: url.hostname,
    port: url.port,
  });
  return async () => {
    const customer = await stripe.customers.retrieve(PEER_CUSTOMER_ID);
    if (customer.id !== PEER_CUSTOMER_ID) throw new Error('stripe-node: unexpected customer');
    return customer;
  };
}
