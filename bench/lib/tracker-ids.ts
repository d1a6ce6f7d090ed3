// The tracker scenario's messages: ids that every process derives alike from
// a seed and an index (the sandbox filler, the tracker processes that adopt
// them, the checks), random-looking as real UUIDs are, so the ledger's
// primary key sees the same scattered inserts as in production.
import { createHash } from 'node:crypto';

/** The messageId of message `index` of a run seeded with `seed`: a version-4 UUID. */
export function trackedMessageId(seed: number, index: number): string {
  const hex = createHash('sha256').update(`${seed}:${index}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A small valid standard message for the sandbox: one text attachment, no patient data beyond the sandbox's test NHS number. */
export function trackedMessageBody(messageId: string): string {
  return JSON.stringify({
    messageId,
    topic: 'Discharge Summary',
    recipient: { id: { type: 'OcsClientIdentifier', value: 'A81001' } },
    subject: { id: { type: 'VerifiedNhsNumber', value: '9434765919' } },
    attachments: [{ mimeType: 'text/plain', fileName: 'summary.txt', content: Buffer.from('Discharged home.').toString('base64') }],
  });
}

/** The indexes `[first, first + count)` split into `parts` contiguous shares, as even as can be. */
export function shares(first: number, count: number, parts: number): { first: number; count: number }[] {
  const base = Math.floor(count / parts);
  const extra = count % parts;
  let next = first;
  return Array.from({ length: parts }, (_, p) => {
    const n = base + (p < extra ? 1 : 0);
    const share = { first: next, count: n };
    next += n;
    return share;
  });
}
