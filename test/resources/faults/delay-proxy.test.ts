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
    const proxy = await startDelayProxy({ target: targetUrl, seed: 1, minDelayMs: 1_000, maxDelayMs: 1_000 });
    try {
      arrivals.length = 0;
      const started = Date.now();
      const client = new AbortController();
      const sending = fetch(`${proxy.url}/send`, { method: 'POST', body: JSON.stringify({ messageId: 'm-1' }), signal: client.signal }).catch((e: unknown) => e);
      // Give up once the proxy holds it, as a client's timeout would.
      while (proxy.stats().held === 0) await new Promise((r) => setTimeout(r, 10));
      client.abort();
      expect(await sending).toBeInstanceOf(Error);
      expect(arrivals).toHaveLength(0); // still held
      await proxy.drain();
      expect(arrivals).toEqual([expect.objectContaining({ method: 'POST', path: '/send', body: '{"messageId":"m-1"}' })]);
      expect(arrivals[0]!.at - started).toBeGreaterThanOrEqual(990);
      expect(proxy.stats()).toEqual({ held: 1, forwarded: 1, forwardedAfterClientLeft: 1, lostBeforeBody: 0 });
    } finally {
      await proxy.close();
    }
  });

  it('relays the answer to a client still waiting, and passes GETs at once', async () => {
    const proxy = await startDelayProxy({ target: targetUrl, seed: 1, minDelayMs: 300, maxDelayMs: 300 });
    try {
      const got = await fetch(`${proxy.url}/status?x=1`);
      expect(await got.json()).toEqual({ echoed: '/status?x=1' });
      expect(proxy.stats()).toMatchObject({ held: 0, forwarded: 1 });
      const started = Date.now();
      const posted = await fetch(`${proxy.url}/send`, { method: 'POST', body: '{}' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(posted.status).toBe(200);
      expect(proxy.stats()).toMatchObject({ held: 1, forwarded: 2, forwardedAfterClientLeft: 0 });
    } finally {
      await proxy.close();
    }
  });

  it('draws the same delays for the same seed and messageIds, whatever the order; a resend draws anew', async () => {
    const draws = async (seed: number, ids: string[]) => {
      const delays: Record<string, number[]> = {};
      const proxy = await startDelayProxy({ target: targetUrl, seed, maxDelayMs: 300, onHold: ({ key, delayMs }) => (delays[key] ??= []).push(delayMs) });
      try {
        for (const id of ids) await fetch(`${proxy.url}/send`, { method: 'POST', body: JSON.stringify({ messageId: id }) });
        await fetch(`${proxy.url}/send`, { method: 'POST', body: JSON.stringify({ messageId: 'a' }) }); // a resend of 'a'
        return delays;
      } finally {
        await proxy.close();
      }
    };
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    const first = await draws(42, ids);
    const again = await draws(42, [...ids].reverse());
    const other = await draws(43, ids);
    for (const id of ids) expect(again[id]).toEqual(first[id]);
    expect(first.a).toHaveLength(2);
    expect(first.a![0]).not.toBe(first.a![1]);
    expect(Object.values(first).flat().every((ms) => ms >= 0 && ms <= 300)).toBe(true);
    expect(ids.some((id) => other[id]![0] !== first[id]![0])).toBe(true);
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
