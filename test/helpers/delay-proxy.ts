// A loopback HTTP proxy that holds requests before forwarding them: the slow
// network of the fault suites. A held request is forwarded after its delay
// even when the client has given up on it meanwhile (a timeout, an abort),
// exactly as a request stuck in a slow network still reaches the service
// later. That is the fault behind a false "not sent": the client's status
// lookup answers 404 while the request it gave up on is still on its way.
//
//   const proxy = await startDelayProxy({ target: sandbox.url, seed: 7, maxDelayMs: 3_000 });
//   const client = new CdmsClient({ baseUrl: proxy.url, apiKey, timeoutMs: 300 });
//   ... sends ...
//   await proxy.drain();   // every request it took has now reached the target and been answered
//   ... compare verdicts with what the target holds ...
//   await proxy.close();

import { setMaxListeners } from 'node:events';
import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fnv1a, mulberry32 } from '../../src/sandbox/faults/prng.js';

/** What decides whether a request is held: its method and path (with the query). */
export interface ProxiedRequest {
  method: string;
  path: string;
}

/** How the proxy delays. */
export interface DelayProxyOptions {
  /** Base URL of the server behind the proxy (loopback), such as `sandbox.url`. */
  target: string;
  /** Seed of the delays (see {@link startDelayProxy} for how each is drawn). */
  seed: number;
  /** Shortest delay of a held request, ms. @defaultValue 0 */
  minDelayMs?: number;
  /** Longest delay of a held request, ms; each is drawn uniformly between the two. */
  maxDelayMs: number;
  /** Which requests are held; the others are forwarded at once. @defaultValue every POST */
  hold?: (request: ProxiedRequest) => boolean;
  /** Told of each hold as it starts: the request, its delay key (the messageId, else method and path) and its delay. */
  onHold?: (request: ProxiedRequest & { key: string; delayMs: number }) => void;
}

/** Counters of one proxy, since it started. */
export interface DelayProxyStats {
  /** Requests held before forwarding. */
  held: number;
  /** Requests forwarded to the target (held or not). */
  forwarded: number;
  /** Forwarded requests whose client had gone (timed out, aborted) before the target answered: answers nobody read. */
  forwardedAfterClientLeft: number;
  /** Requests whose client left before its body was complete: never forwarded, as a real network would lose them. */
  lostBeforeBody: number;
}

/** A running proxy. */
export interface DelayProxy {
  /** Base URL to give the client (`http://127.0.0.1:port`). */
  readonly url: string;
  /** The counters so far (a copy). */
  stats(): DelayProxyStats;
  /**
   * Resolves once every request the proxy has received has been forwarded and
   * its answer from the target has come back (or the target failed), and no
   * new one arrived for a moment (50 ms): after it, nothing the client sent is
   * still on its way.
   */
  drain(): Promise<void>;
  /** Stops listening, drops held requests unforwarded, closes every connection. */
  close(): Promise<void>;
}

/** Hop-by-hop headers (RFC 9110 section 7.6.1) and the ones the proxy sets itself. */
const NOT_FORWARDED = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'proxy-connection', 'te', 'upgrade']);

function forwardedHeaders(headers: IncomingHttpHeaders, length: number): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !NOT_FORWARDED.has(name)) out[name] = value;
  }
  if (length > 0) out['content-length'] = String(length);
  return out;
}

/** The messageId of a JSON body, which keys its delays so reruns with the same ids draw the same ones. */
function messageIdOf(body: Buffer): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    const id = parsed !== null && typeof parsed === 'object' ? (parsed as { messageId?: unknown }).messageId : undefined;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => resolve(undefined));
    req.on('close', () => {
      if (!req.complete) resolve(undefined);
    });
  });
}

/**
 * Starts a proxy on 127.0.0.1 (a free port) in front of `target`.
 *
 * Each held request waits a delay drawn from a PRNG seeded by (seed, key,
 * attempt), where the key is the body's `messageId` when it has one (else
 * the method and path) and attempt counts the requests seen with that key:
 * the same seed and messageIds give the same delays, whatever the order or
 * concurrency of the requests.
 */
export async function startDelayProxy(options: DelayProxyOptions): Promise<DelayProxy> {
  const { target, seed, minDelayMs = 0, maxDelayMs } = options;
  const hold = options.hold ?? ((r: ProxiedRequest) => r.method === 'POST');
  if (!(maxDelayMs >= minDelayMs && minDelayMs >= 0)) throw new RangeError('startDelayProxy: need 0 <= minDelayMs <= maxDelayMs.');
  const targetUrl = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const closing = new AbortController();
  setMaxListeners(0, closing.signal); // one listener per held request
  const stats: DelayProxyStats = { held: 0, forwarded: 0, forwardedAfterClientLeft: 0, lostBeforeBody: 0 };
  const attempts = new Map<string, number>();
  let pending = 0;
  let idle: (() => void)[] = [];

  const delayFor = (key: string): number => {
    const attempt = attempts.get(key) ?? 0;
    attempts.set(key, attempt + 1);
    const draw = mulberry32(fnv1a(`${seed}|${key}|${attempt}`))();
    return Math.round(minDelayMs + draw * (maxDelayMs - minDelayMs));
  };

  const settle = () => {
    pending--;
    if (pending > 0) return;
    const waiting = idle;
    idle = [];
    for (const resolve of waiting) resolve();
  };

  /** Forwards one request; resolves when the target's answer has been relayed (or nobody was left to take it). */
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> =>
    new Promise((resolve) => {
      stats.forwarded++;
      const upstream = httpRequest(
        {
          protocol: targetUrl.protocol,
          hostname: targetUrl.hostname,
          port: targetUrl.port,
          method: req.method,
          path: req.url,
          headers: forwardedHeaders(req.headers, body.length),
          agent,
        },
        (answer) => {
          if (res.destroyed) {
            stats.forwardedAfterClientLeft++;
            answer.resume();
            answer.on('end', resolve);
            answer.on('error', () => resolve());
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', resolve);
          answer.on('error', () => resolve());
        },
      );
      upstream.on('error', () => {
        // The target dropped the connection (a fault of its own): pass the drop on.
        res.destroy();
        resolve();
      });
      upstream.end(body);
    });

  const server = createServer((req, res) => {
    pending++;
    void (async () => {
      try {
        const body = await readBody(req);
        if (body === undefined) {
          stats.lostBeforeBody++;
          return;
        }
        const method = req.method ?? 'GET';
        const path = req.url ?? '/';
        if (hold({ method, path })) {
          stats.held++;
          const key = messageIdOf(body) ?? `${method} ${path}`;
          const delayMs = delayFor(key);
          options.onHold?.({ method, path, key, delayMs });
          await sleep(delayMs, undefined, { signal: closing.signal });
        }
        await forward(req, res, body);
      } catch {
        // Closing: held requests are dropped unforwarded.
        res.destroy();
      } finally {
        settle();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    stats: () => ({ ...stats }),
    drain: async () => {
      // Quiet for a moment too: a request whose bytes are in a socket buffer but not yet parsed is not counted yet.
      for (;;) {
        if (pending > 0) await new Promise<void>((resolve) => idle.push(resolve));
        await sleep(50);
        if (pending === 0) return;
      }
    },
    close: async () => {
      closing.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
