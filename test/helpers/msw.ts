import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { CdmsClient, type CdmsClientOptions } from '../../src/index.js';

/** Base URL every msw-backed test client uses. */
export const BASE = 'https://cdms.test';
/** A recognisable API key: leak tests search for it. */
export const API_KEY = 'test-key-7f3a9c2e-SECRET';

/** One request as the server saw it. */
export interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** Every request made through {@link recordingFetch}, in order. Emptied after each test. */
const seen: Seen[] = [];

/**
 * Whether GET /api/v1/topics is recorded. A client fetches the topic list by
 * itself before its first send; tests of sends count their own requests, so
 * that fetch is left out of `seen` unless a test file is about topics.
 */
let recordTopics = false;

const isTopicsList = (request: Request): boolean => request.method === 'GET' && new URL(request.url).pathname.endsWith('/api/v1/topics');

/**
 * The topic list every msw server answers unless a test says otherwise: an
 * empty list, which means "no list" to local validation (no topic check), so
 * the fetch before a client's first send changes nothing a send test sees.
 */
const defaultTopics = http.get(`${BASE}/api/v1/topics`, () => HttpResponse.json([]));

/**
 * A `fetch` that records each request, body included, before handing it to
 * the global fetch (which msw intercepts). Recording here rather than in an
 * msw event captures the body before the request goes out, so a test that
 * awaited the call can read it at once.
 */
export const recordingFetch = async (input: Request | URL | string, init?: RequestInit): Promise<Response> => {
  const request = new Request(input, init);
  const text = await request.clone().text();
  if (!recordTopics && isTopicsList(request)) return globalThis.fetch(request);
  seen.push({
    method: request.method,
    url: new URL(request.url),
    headers: request.headers,
    body: text ? (JSON.parse(text) as unknown) : undefined,
  });
  return globalThis.fetch(request);
};

/**
 * Starts an msw server for the calling test file, failing on any request no
 * handler matches but the topic list (answered empty by default). Requests
 * made by {@link testClient} are recorded in `seen` (the topic list only with
 * `recordTopics`).
 */
export function useMswServer(options: { recordTopics?: boolean } = {}) {
  const server = setupServer(defaultTopics);
  beforeAll(() => {
    recordTopics = options.recordTopics ?? false;
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    server.resetHandlers();
    seen.length = 0;
  });
  afterAll(() => server.close());
  return { server, seen, http, HttpResponse };
}

/** A client pointed at the msw base URL that records its requests in `seen`. */
export function testClient(options: CdmsClientOptions = {}): CdmsClient {
  return new CdmsClient({ baseUrl: BASE, apiKey: API_KEY, fetch: recordingFetch, ...options });
}

/** A problem+json response. */
export function problem(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return new HttpResponse(JSON.stringify({ status, ...body }), {
    status,
    headers: { 'Content-Type': 'application/problem+json', ...headers },
  });
}
