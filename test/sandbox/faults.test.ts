import { describe, expect, it } from 'vitest';
import { CdmsClient, ServiceUnavailableError } from '../../src/index.js';
import { FaultInjector } from '../../src/sandbox/faults/injector.js';
import { SandboxError, startSandbox } from '../../src/sandbox/index.js';
import { gpBody, problemOf, raw, standardBody, useSandbox } from './support.js';

const ctx = useSandbox({ seed: 7 });

function decisions(seed: number, ids: readonly string[]) {
  const injector = new FaultInjector(seed, { gpconnect503Rate: 0.3, resetBeforeRate: 0.05, resetAfterRate: 0.05, slowRate: 0.05, slowMs: 10 });
  return ids.map((id) => injector.plan('gpconnect.send', id));
}

describe('fault decisions', () => {
  const ids = Array.from({ length: 400 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

  it('are the same for the same seed and messageIds, in any order', () => {
    const forward = decisions(42, ids);
    const backward = decisions(42, [...ids].reverse()).reverse();
    expect(backward).toEqual(forward);
  });

  it('differ with another seed', () => {
    expect(decisions(43, ids)).not.toEqual(decisions(42, ids));
  });

  it('follow the rates', () => {
    const plans = decisions(42, ids);
    const share = (f: (p: (typeof plans)[number]) => boolean) => plans.filter(f).length / plans.length;
    expect(share((p) => p.mesh503)).toBeGreaterThan(0.2);
    expect(share((p) => p.mesh503)).toBeLessThan(0.4);
    expect(share((p) => p.resetBefore)).toBeLessThan(0.12);
    expect(share((p) => p.slowMs > 0)).toBeGreaterThan(0);
  });

  it('give each retry of a messageId a fresh draw', () => {
    const injector = new FaultInjector(1, { gpconnect503Rate: 0.5 });
    const attempts = Array.from({ length: 40 }, () => injector.plan('gpconnect.send', 'same-id').mesh503);
    expect(new Set(attempts).size).toBe(2);
  });

  it('leave operations outside `operations` alone', () => {
    const injector = new FaultInjector(1, { resetBeforeRate: 1, operations: ['messages.send'] });
    expect(injector.plan('messages.send', 'a').resetBefore).toBe(true);
    expect(injector.plan('topics.list', undefined).resetBefore).toBe(false);
  });

  it('refuse rates outside 0..1, unknown options and unknown operations', () => {
    expect(() => new FaultInjector(1, { gpconnect503Rate: 1.5 })).toThrow(SandboxError);
    expect(() => new FaultInjector(1, { gpConnect503Rate: 0.3 } as never)).toThrow(/Unknown fault option/);
    expect(() => new FaultInjector(1, { operations: ['messages.delete'] } as never)).toThrow(/operations\[0\]/);
  });
});

describe('faults over HTTP', () => {
  it('the same seed gives the same answers to the same sends', async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `10000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const run = async () => {
      const sandbox = await startSandbox({ port: 0, seed: 99, faults: { gpconnect503Rate: 0.5 } });
      try {
        const statuses: number[] = [];
        for (const messageId of ids) statuses.push((await raw(sandbox, 'POST', '/api/v1/gpconnect/messages', { body: gpBody({ messageId }) })).status);
        return statuses;
      } finally {
        await sandbox.close();
      }
    };
    const first = await run();
    expect(new Set(first)).toEqual(new Set([200, 503]));
    expect(await run()).toEqual(first);
  });

  it('a 503 on the GP route is a problem, stores nothing, and carries Retry-After when set', async () => {
    ctx.sandbox.setFaults({ gpconnect503Rate: 1, retryAfterSeconds: 2 });
    const body = gpBody();
    const r = await raw(ctx.sandbox, 'POST', '/api/v1/gpconnect/messages', { body });
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('2');
    expect(problemOf(r)).toMatchObject({ status: 503, title: 'Service Unavailable', instance: expect.stringMatching(/^urn:uuid:/) as string });
    expect(ctx.sandbox.listMessages()).toEqual([]);
    // A 503 strikes only a valid send: an invalid one is still a 400.
    expect((await raw(ctx.sandbox, 'POST', '/api/v1/gpconnect/messages', { body: gpBody({ topic: 'Nope' }) })).status).toBe(400);
    ctx.sandbox.setFaults({});
    expect((await raw(ctx.sandbox, 'POST', '/api/v1/gpconnect/messages', { body })).status).toBe(200);
  });

  it('failNext scripts the next GP sends to meet a 503; the SDK retries with the same messageId and succeeds', async () => {
    ctx.sandbox.failNext({ operation: 'gpconnect.send', status: 503, count: 2, retryAfterSeconds: 0 });
    const cdms = ctx.client();
    const { messageId } = await cdms.gpconnect.send(gpBody() as never);
    expect(ctx.sandbox.stats().sends[messageId]).toEqual({ attempts: 3, accepted: 1, duplicates: 0 });
    expect(ctx.sandbox.stats().faults.serviceUnavailable).toBe(2);
  });

  it('a persistent 503 ends in ServiceUnavailableError with delivery not-sent', async () => {
    ctx.sandbox.failNext({ operation: 'gpconnect.send', status: 503, count: 5, retryAfterSeconds: 0 });
    const error: unknown = await ctx.client({ maxRetries: 1 }).gpconnect.send(gpBody() as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ delivery: 'not-sent' });
  });

  it('a reset before processing stores nothing; a reset after processing stores the message but answers nothing', async () => {
    ctx.sandbox.setFaults({ resetBeforeRate: 1, operations: ['messages.send'] });
    const before = standardBody();
    await expect(raw(ctx.sandbox, 'POST', '/api/v1/messages', { body: before })).rejects.toThrow(TypeError);
    expect(ctx.sandbox.getMessage(String(before.messageId))).toBeUndefined();
    ctx.sandbox.setFaults({ resetAfterRate: 1, operations: ['messages.send'] });
    const after = standardBody();
    await expect(raw(ctx.sandbox, 'POST', '/api/v1/messages', { body: after })).rejects.toThrow(TypeError);
    expect(ctx.sandbox.getMessage(String(after.messageId))).toMatchObject({ status: 'PENDING' });
    expect(ctx.sandbox.stats().faults).toMatchObject({ resetBefore: 1, resetAfter: 1 });
    // Other operations are untouched.
    expect((await raw(ctx.sandbox, 'GET', '/api/v1/test')).status).toBe(200);
  });

  it('after a reset that followed processing, the SDK finds the message by its status: recovered, delivered once', async () => {
    ctx.sandbox.setFaults({ resetAfterRate: 1, operations: ['messages.send'] });
    const result = await ctx.client().messages.send(standardBody() as never);
    expect(result.recovered).toBe(true);
    expect(ctx.sandbox.stats().sends[result.messageId]).toEqual({ attempts: 1, accepted: 1, duplicates: 0 });
  });

  it('a slow response is processed at once and answered late: a client that gives up finds it stored', async () => {
    ctx.sandbox.setFaults({ slowRate: 1, slowMs: 1_500, operations: ['messages.send'] });
    const body = standardBody();
    const error: unknown = await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body, signal: AbortSignal.timeout(100) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(ctx.sandbox.getMessage(String(body.messageId))).toMatchObject({ status: 'PENDING' });
    const cdms = new CdmsClient({ baseUrl: ctx.sandbox.url, apiKey: ctx.sandbox.apiKey, timeoutMs: 100 });
    const result = await cdms.messages.send(standardBody() as never);
    expect(result.recovered).toBe(true);
    expect(ctx.sandbox.stats().faults.slow).toBe(2);
  });

  it('latency delays every request but changes no answer', async () => {
    ctx.sandbox.setFaults({ latencyMs: 20 });
    expect((await raw(ctx.sandbox, 'GET', '/api/v1/test')).status).toBe(200);
    expect(ctx.sandbox.stats().faults.latency).toBe(1);
  });

  it('a scripted 500 hits before processing, on any operation', async () => {
    ctx.sandbox.failNext({ operation: 'messages.send', status: 500 });
    const body = standardBody();
    const r = await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body });
    expect(r.status).toBe(500);
    expect(problemOf(r).title).toBe('Internal Server Error');
    expect(ctx.sandbox.listMessages()).toEqual([]);
    expect((await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body })).status).toBe(200);
  });

  it('setFaults replaces the faults and getFaults shows them', () => {
    ctx.sandbox.setFaults({ gpconnect503Rate: 0.3, latencyMs: 5 });
    ctx.sandbox.setFaults({ slowRate: 0.1 });
    expect(ctx.sandbox.getFaults()).toEqual({ slowRate: 0.1 });
    expect(() => ctx.sandbox.failNext({ operation: 'gpconnect.send', status: 502 as never })).toThrow(SandboxError);
  });
});
