// The app's own data kept with a message (`metadata` of send and track). It
// is stored as JSON, so what would not survive the round trip, or would bloat
// every row, is refused before anything is written or sent.
import type { InvalidParameter } from '../../schemas/problem.js';

/** Adds a problem when `metadata` is given and is not a plain JSON object of at most 64 KiB. */
export function checkMetadata(metadata: unknown, problems: InvalidParameter[]): void {
  if (metadata === undefined) return;
  let ok = typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata);
  try {
    ok &&= JSON.stringify(metadata).length <= 65_536;
  } catch {
    ok = false;
  }
  if (!ok) problems.push({ name: 'metadata', reason: 'must be a plain JSON object of at most 64 KiB' });
}
