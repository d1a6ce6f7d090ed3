import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDelayProxy } from '../../helpers/delay-proxy.js';

// The harness itself: a fault suite is only as good as its proxy.

interface Arrival {
  method: string;
  path: string;
  body: string;
  at: number;
}

let target: Server;
let targetUrl: string;
const arrivals: Arrival[] = [];

beforeAll(async () => {
  target = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      arrivals.push({ method: req.method ?? '', path: req.url ?? '', body: Buffer.concat(chunks).toString(), at: Date.now() });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ echoed: req.url }));
    });
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())));

describe('delay proxy', () => {
  it('forwards a POST the client gave up on, after its delay, and drain() waits for it', async () => {
    const proxy = await startDelayProxy({ target: targetUrl, seed: 1, minDelayMs: 400, maxDelayMs: 400 });
    try {
      arrivals.length = 0;
      const started = Date.now();
      const gaveUp = await fetch(`${proxy.url}/send`, {
        method: 'POST',
        body: JSON.stringify({ messageId: 'm-1' }),
        signal: AbortSignal.timeout(100),
      }).catch((e: unknown) => e);
      expect(gaveUp).toBeInstanceOf(Error);
      expect(arrivals).toHaveLength(0); // still held
      await proxy.drain();
      expect(arrivals).toEqual([expect.objectContaining({ method: 'POST', path: '/send', body: '{"messageId":"m-1"}' })]);
      expect(arrivals[0]!.at - started).toBeGreaterThanOrEqual(390);
      expect(proxy.stats()).toEqual({ held: 1, forwarded: 1, forwardedAfterClientLeft: 1, lostBeforeBody: 0 });
    } finally {
      await proxy.close();
    }
  });

  it('relays the answer to a client still waiting, and passes GETs at once', async () => {
    const proxy = await startDelayProxy({ target: targetUrl, seed: 1, minDelayMs: 300, maxDelayMs: 300 });
    try {
      const started = Date.now();
      const got = await fetch(`${proxy.url}/status?x=1`);
      expect(Date.now() - started).toBeLessThan(300);
      expect(await got.json()).toEqual({ echoed: '/status?x=1' });
      const posted = await fetch(`${proxy.url}/send`, { method: 'POST', body: '{}' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(posted.status).toBe(200);
      expect(proxy.stats()).toMatchObject({ held: 1, forwarded: 2, forwardedAfterClientLeft: 0 });
    } finally {
      await proxy.close();
    }
  });

  it('draws the same delays for the same seed and messageIds, whatever the order', async () => {
    const timings = async (seed: number, ids: string[]) => {
      const proxy = await startDelayProxy({ target: targetUrl, seed, maxDelayMs: 600 });
      try {
        arrivals.length = 0;
        const started = Date.now();
        await Promise.all(ids.map((id) => fetch(`${proxy.url}/send`, { method: 'POST', body: JSON.stringify({ messageId: id }) })));
        return Object.fromEntries(arrivals.map((a) => [JSON.parse(a.body).messageId as string, a.at - started]));
      } finally {
        await proxy.close();
      }
    };
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    const first = await timings(42, ids);
    const again = await timings(42, [...ids].reverse());
    const other = await timings(43, ids);
    // Arrival times carry scheduling noise of a few ms; the draws are hundreds apart.
    for (const id of ids) expect(Math.abs(first[id]! - again[id]!)).toBeLessThan(80);
    expect(ids.some((id) => Math.abs(first[id]! - other[id]!) > 80)).toBe(true);
  });

  it('close() drops what it still holds, unforwarded', async () => {
    const proxy = await startDelayProxy({ target: targetUrl, seed: 1, minDelayMs: 5_000, maxDelayMs: 5_000 });
    arrivals.length = 0;
    const pending = fetch(`${proxy.url}/send`, { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 100));
    await proxy.close();
    expect(await pending).toBeInstanceOf(Error);
    await proxy.drain();
    expect(arrivals).toHaveLength(0);
  });
});
