// The app's hooks for its own words, where they fall short: a practice the
// app names without a number, the GP route's UNK without a practice, and a
// hook that throws (the ledger's own words, a warning naming the hook and
// nothing it returned).
import { describe, expect, it } from 'vitest';
import type { LogFields } from '../../src/index.js';
import type { TrackedMessage } from '../../src/tracker/index.js';
import { createWorklist, type WorklistOptions } from '../../src/worklist/index.js';

const ID = '0b6f7f2e-7a4b-4c1e-9a51-3d2f1c0e9b77';
const at = new Date('2026-01-12T09:30:00Z');
const message = (overrides: Partial<TrackedMessage>): TrackedMessage => ({
  messageId: ID, route: 'standard', stage: 'settled', status: 'REJECTED', subStatus: null, updated: null, topic: 'Discharge summary', recipient: 'A99999',
  sentAt: at, expiryDateTime: null, polls: 1, lastPolledAt: at, nextPollAt: null, attention: { reason: 'rejected', since: at, detail: null }, lastError: null,
  metadata: { letterRef: 'DS-1' }, createdAt: at, assignee: null, replaces: null, replacedBy: null, versionNumber: null, history: [], ...overrides,
});

async function page(item: TrackedMessage, options: Partial<WorklistOptions> = {}): Promise<{ text: string; warnings: LogFields[] }> {
  const warnings: LogFields[] = [];
  const tracker = {
    list: () => Promise.resolve({ items: [item], nextCursor: undefined }),
    get: () => Promise.resolve(item),
    acknowledge: () => Promise.resolve(),
    assign: () => Promise.resolve(),
    audit: () => Promise.resolve({ items: [], nextCursor: undefined }),
  };
  const noop = () => undefined;
  const worklist = createWorklist({ tracker, authorize: () => ({ id: 'alice' }), logger: { debug: noop, info: noop, error: noop, warn: (f) => warnings.push(f) }, ...options });
  const text = await (await worklist.fetch(new Request(`http://localhost/messages/${ID}`))).text();
  await worklist.close();
  return { text, warnings };
}

describe("the app's own words, where they fall short", () => {
  it('a practice named without a number: its name, and where to find the number', async () => {
    const { text } = await page(message({}), { practice: () => ({ name: 'Riverside Surgery' }) });
    expect(text).toContain('<p class="contact">The telephone number of <strong>Riverside Surgery</strong> is not known here: find practice A99999 in your directory.</p>');
  });

  it("on the GP route (ODS code UNK) without a practice: the patient's registered practice", async () => {
    const { text } = await page(message({ route: 'gpconnect', recipient: 'UNK' }));
    expect(text).toContain("The practice's telephone number is not known here: find the patient's registered practice in your directory.");
  });

  it('hooks that throw leave the ledger\'s own words and a warning naming the hook, never what it holds', async () => {
    const { text, warnings } = await page(message({}), {
      reference: () => {
        throw new Error('letter DS-1 for Jane Doe');
      },
      practice: () => Promise.reject(new Error('directory down for A99999')),
    });
    expect(text).toContain(`Message <span class="id">${ID}</span>`);
    expect(text).toContain('find practice A99999 in your directory');
    expect(warnings.map((w) => w.hook).sort()).toEqual(['practice', 'reference']);
    expect(JSON.stringify(warnings)).not.toMatch(/Jane|DS-1|directory down/);
  });
});
