import type { ServerResponse } from 'node:http';

/** What a sandbox handler answers; written out by {@link writeResponse}. */
export interface SandboxResponse {
  /** HTTP status. */
  status: number;
  /** JSON body; absent for an empty body. */
  body?: unknown;
  /** Content type of the body. @defaultValue 'application/json' */
  contentType?: string;
  /** Extra headers (Retry-After, Allow). */
  headers?: Readonly<Record<string, string>>;
  /** A body written as it is (bytes, a page) instead of `body` as JSON. */
  raw?: string | Buffer | undefined;
}

/** 200 with a JSON body. */
export function json(body: unknown, status = 200): SandboxResponse {
  return { status, body };
}

/** A status with an empty body (200 of the test endpoint, 204 of widget registration). */
export function empty(status: number): SandboxResponse {
  return { status };
}

/**
 * Writes a response unless the client is gone (a timed-out client or an
 * injected reset leaves a destroyed socket; writing to it would only throw).
 */
export function writeResponse(res: ServerResponse, response: SandboxResponse): void {
  if (res.destroyed || res.headersSent) return;
  const text = response.raw ?? (response.body === undefined ? '' : JSON.stringify(response.body));
  const headers: Record<string, string | number> = {
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    ...response.headers,
  };
  if (text !== '') headers['Content-Type'] = response.contentType ?? 'application/json';
  // A 204 must not carry a body or Content-Length (RFC 9110 section 8.6).
  if (response.status === 204) delete headers['Content-Length'];
  res.writeHead(response.status, headers);
  res.end(text);
}
