// node:http's request and response as the Fetch API's, and back: the
// worklist is written once, on Request and Response, and `handle(req, res)`
// adapts. Under Express the mount path is kept (originalUrl); a body a
// framework already parsed is taken from `req.body` (decision D-WORKLIST-01).
// The body is streamed, not read here: the handler reads it only once
// `authorize` has accepted the person, within a size and a time.
import type { WorklistNodeRequest as IncomingMessage, WorklistNodeResponse as ServerResponse } from './options.js';


/** A body that a framework parsed already (Express's urlencoded or text parsers). */
function parsedBody(req: IncomingMessage): string | undefined {
  const body = (req as { body?: unknown }).body;
  if (typeof body === 'string') return body;
  if (Buffer.isBuffer(body)) return body.toString('utf8');
  if (body && typeof body === 'object') {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) if (typeof v === 'string') form.set(k, v);
    return form.toString();
  }
  return undefined;
}

/** The body as a stream the handler pulls from (a framework's parsed body as it is); nothing is read until it pulls. */
function bodyOf(req: IncomingMessage): string | ReadableStream<Uint8Array> {
  const parsed = parsedBody(req);
  if (parsed !== undefined || req.readableEnded) return parsed ?? '';
  const chunks = req[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(typeof next.value === 'string' ? Buffer.from(next.value) : (next.value as Uint8Array));
    },
    // Not returned on cancel: that would destroy the socket before the refusal is written; the answer closes the connection.
  });
}

/** The Fetch API request of a node:http request. */
export function toRequest(req: IncomingMessage): Request {
  const path = (req as { originalUrl?: unknown }).originalUrl;
  const host = typeof req.headers.host === 'string' ? req.headers.host : 'localhost';
  const url = new URL(typeof path === 'string' ? path : (req.url ?? '/'), `http://${host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers });
  return new Request(url, { method, headers, body: bodyOf(req), duplex: 'half' });
}

/** Writes a Fetch API response to a node:http response, streaming its body (a live event stream ends when the browser goes). */
export async function writeResponse(response: Response, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  if (!response.body || req.method === 'HEAD') {
    await response.body?.cancel();
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  res.on('close', stop);
  try {
    for (;;) {
      const { done, value } = (await reader.read()) as { done: boolean; value?: Uint8Array };
      if (done || value === undefined) break;
      if (!res.write(value)) {
        await new Promise<void>((resolve) => {
          res.once('drain', resolve);
          res.once('close', resolve);
        });
      }
    }
  } finally {
    res.off('close', stop);
    res.end();
  }
}
