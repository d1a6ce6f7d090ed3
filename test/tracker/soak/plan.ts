// What the soak tests send, fixed by a seed so a restarted process sends the same messages.
import { createHash } from 'node:crypto';
import type { GpConnectMessageParams, StandardMessageParams } from '../../../src/index.js';
import type { TrackerOptions } from '../../../src/tracker/index.js';
import { gpMessage, standardMessage } from '../../contract/support.js';

/** A worker's instructions, passed as one JSON argument. */
export interface WorkerArgs {
  url: string;
  apiKey: string;
  instanceId: string;
  seed: number;
  first: number;
  count: number;
  concurrency: number;
  /**
   * How many of the share (its last ones) are adopted with `track()` as sent
   * elsewhere, rather than sent: the service does not hold them, so their
   * polls are answered 404 and asked again at the next poll, as before expiry.
   */
  adopt?: number | undefined;
  eventLog: string;
  requestLog?: string | undefined;
  tracker: Omit<TrackerOptions, 'client' | 'database'> & { database: string };
}

/** The messageId of message `i` of a run. */
export function soakMessageId(seed: number, i: number): string {
  const h = createHash('sha256').update(`${seed}:${i}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Message `i`: three in ten go by the GP route. */
export function soakMessage(
  messageId: string,
  i: number,
): { route: 'standard'; message: StandardMessageParams } | { route: 'gpconnect'; message: GpConnectMessageParams } {
  return i % 10 < 3 ? { route: 'gpconnect', message: gpMessage({ messageId }) } : { route: 'standard', message: standardMessage({ messageId }) };
}
