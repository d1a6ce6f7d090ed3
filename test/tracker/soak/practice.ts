// A sandbox in its own process, with a practice that acts on every message:
// the other side of the soak tests. Prints one JSON line { url, apiKey } when
// it listens; acts until killed.
import { createHash } from 'node:crypto';
import { startSandbox } from '../../../src/sandbox/index.js';

const settleAfterMs = Number(process.argv[2] ?? 300);
const sandbox = await startSandbox({ port: 0, seed: 7 });
process.stdout.write(`${JSON.stringify({ url: sandbox.url, apiKey: sandbox.apiKey })}\n`);

/** The practice's choice for a message, fixed by its id: most imported, some rejected, some expired. */
export function outcomeOf(messageId: string): 'import' | 'reject' | 'expire' {
  const n = createHash('sha256').update(messageId).digest()[0] ?? 0;
  return n < 180 ? 'import' : n < 230 ? 'reject' : 'expire';
}

function act(): void {
  const now = Date.now();
  for (const m of sandbox.listMessages()) {
    if (m.status !== 'PENDING' || now - Date.parse(m.receivedAt) < settleAfterMs) continue;
    const outcome = outcomeOf(m.messageId);
    try {
      if (outcome === 'expire') sandbox.expire(m.messageId);
      else if (m.route === 'gpconnect') {
        if (m.subStatus === 'Sent to MESH') sandbox.gpRoute.advance(m.messageId, 'received');
        else sandbox.gpRoute.advance(m.messageId, outcome === 'import' ? 'completed' : 'rejected');
      } else if (outcome === 'import') sandbox.toolbar.import(m.messageId);
      else sandbox.toolbar.reject(m.messageId);
    } catch {
      // a move the message no longer allows: the next round sees its new state
    }
  }
}
setInterval(act, 100);
