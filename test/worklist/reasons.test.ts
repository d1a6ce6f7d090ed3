// What staff read about each attention reason: every reason has its words
// (the compiler demands a table entry; this checks the guide's table says the
// same thing), and "Send again" is offered only where it is right.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ATTENTION_REASONS, ATTENTION_REASON_LABELS } from '../../src/tracker/index.js';
import { REASON_GUIDES, stepsFor } from '../../src/worklist/reasons.js';

const guide = readFileSync(new URL('../../docs/worklist.md', import.meta.url), 'utf8');
const rows = new Map(
  [...guide.matchAll(/^\| (.+?) \(`([a-z-]+)`\) \| (.+?) \| (.+?) \| (yes|no) \|$/gm)].map((m) => [m[2]!, { label: m[1]!, meaning: m[3]!, resend: m[5] === 'yes' }]),
);

describe('what each reason means for staff', () => {
  it.each(ATTENTION_REASONS)('%s: the guide\'s table has its label, its meaning, and whether it is sent again, as the pages do', (reason) => {
    const row = rows.get(reason);
    expect(row, `docs/worklist.md has no row for ${reason}`).toBeDefined();
    expect(row?.label).toBe(ATTENTION_REASON_LABELS[reason]);
    expect(row?.meaning).toBe(REASON_GUIDES[reason].meaning);
    expect(row?.resend).toBe(REASON_GUIDES[reason].resend);
    expect(stepsFor(reason, 'standard').length).toBeGreaterThan(0);
  });

  it('never offers to send again what must not be resent blindly', () => {
    for (const reason of ['rejected', 'failed', 'unresolved', 'instant-fell-back', 'no-infrastructure-ack', 'no-business-ack', 'delivery-unknown'] as const) {
      expect(REASON_GUIDES[reason].resend).toBe(false);
    }
    expect(stepsFor('content-rejected', 'standard').join(' ')).toContain('Never send the same file again');
    expect(stepsFor('rejected', 'gpconnect').length).toBeGreaterThan(stepsFor('rejected', 'standard').length);
  });
});
