import { http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
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

/**
 * Starts an msw server for the calling test file, failing on any request no
 * handler matches, and records every request in `seen`.
 */
export function useMswServer() {
  const server = setupServer();
  const seen: Seen[] = [];
  server.events.on('request:start', ({ request }) => {
    void record(request.clone(), seen);
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    seen.length = 0;
  });
  afterAll(() => server.close());
  return { server, seen, http, HttpResponse };
}

async function record(request: StrictRequest<DefaultBodyType> | Request, seen: Seen[]): Promise<void> {
  const entry: Seen = { method: request.method, url: new URL(request.url), headers: request.headers, body: undefined };
  seen.push(entry);
  const text = await request.text();
  entry.body = text ? (JSON.parse(text) as unknown) : undefined;
}

/** A client pointed at the msw base URL with fast, deterministic settings. */
export function testClient(options: CdmsClientOptions = {}): CdmsClient {
  return new CdmsClient({ baseUrl: BASE, apiKey: API_KEY, ...options });
}

/** A problem+json response. */
export function problem(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return new HttpResponse(JSON.stringify({ status, ...body }), {
    status,
    headers: { 'Content-Type': 'application/problem+json', ...headers },
  });
}
