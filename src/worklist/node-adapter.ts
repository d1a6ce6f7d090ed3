// node:http's request and response as the Fetch API's, and back: the
// worklist is written once, on Request and Response, and `handle(req, res)`
// adapts. Under Express the mount path is kept (originalUrl); a body a
// framework already parsed is taken from `req.body` (decision D-WORKLIST-01).
import { MAX_FORM_BYTES } from './handler.js';
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

async function readBody(req: IncomingMessage): Promise<string> {
  const parsed = parsedBody(req);
  if (parsed !== undefined || req.readableEnded) return parsed ?? '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array);
    size += buffer.length;
    if (size > MAX_FORM_BYTES) throw new RangeError('request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The Fetch API request of a node:http request. */
export async function toRequest(req: IncomingMessage): Promise<Request> {
  const path = (req as { originalUrl?: unknown }).originalUrl;
  const host = typeof req.headers.host === 'string' ? req.headers.host : 'localhost';
  const url = new URL(typeof path === 'string' ? path : (req.url ?? '/'), `http://${host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(req);
  return new Request(url, body === undefined ? { method, headers } : { method, headers, body });
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
