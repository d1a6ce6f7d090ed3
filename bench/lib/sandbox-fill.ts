// Puts the scenario's messages into the sandbox: one standard send each
// (POST /api/v1/messages), over node:http with kept-alive connections, the
// cheapest client there is, because this is set-up, not a measurement. The
// sandbox then holds every message the trackers poll, as PENDING.
import { Agent, request } from 'node:http';
import { trackedMessageBody, trackedMessageId } from './tracker-ids.js';

function post(agent: Agent, url: URL, apiKey: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { ApiKey: apiKey, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
      (res) => {
        res.resume().once('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.once('error', reject).end(body);
  });
}

/** Sends messages `[0, count)` of `seed` to the sandbox, `concurrency` at a time; throws on any answer but 200. */
export async function fillSandbox(sandbox: { url: string; apiKey: string }, seed: number, count: number, concurrency = 16): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const url = new URL('/api/v1/messages', sandbox.url);
  const started = performance.now();
  let next = 0;
  const sender = async (): Promise<void> => {
    for (let i = next++; i < count; i = next++) {
      const status = await post(agent, url, sandbox.apiKey, trackedMessageBody(trackedMessageId(seed, i)));
      if (status !== 200) throw new Error(`the sandbox answered ${status} to send ${i}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, sender));
  } finally {
    agent.destroy();
  }
  return performance.now() - started;
}
