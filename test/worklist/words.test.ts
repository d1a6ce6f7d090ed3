// Every word a person reads is theirs: each GP-route refusal code gives the
// heading and the steps its catalogue entry gives, and nothing else (a table
// over the catalogue); every other reason gives its own; technical text
// (an error's class, a method, a JSON path) is folded away behind one plain
// sentence; a send that failed for good reads "never delivered".
import { describe, expect, it } from 'vitest';
import { GP_ROUTE_CODES, formatGpRouteSubStatus } from '../../src/schemas/gp-route-codes.js';
import { ATTENTION_REASONS, ATTENTION_REASON_LABELS, type AttentionReason, type TrackedMessage } from '../../src/tracker/index.js';
import { NOTE_STEP, REFUSED_BY } from '../../src/worklist/gp-route-guide.js';
import { createWorklist } from '../../src/worklist/index.js';
import { messagePage } from '../../src/worklist/pages/message.js';
import { plainCause } from '../../src/worklist/plain-words.js';
import { REASON_GUIDES, stepsFor } from '../../src/worklist/reasons.js';

const ID = '0b6f7f2e-7a4b-4c1e-9a51-3d2f1c0e9b77';

function item(overrides: Partial<TrackedMessage> & { reason: AttentionReason; detail?: string | null }): TrackedMessage {
  const { reason, detail = null, ...rest } = overrides;
  const at = new Date('2026-01-12T09:30:00Z');
  return {
    messageId: ID,
    route: 'standard',
    stage: 'settled',
    status: null,
    subStatus: null,
    updated: null,
    topic: 'Discharge summary',
    recipient: 'A99999',
    sentAt: null,
    expiryDateTime: null,
    polls: 0,
    lastPolledAt: null,
    nextPollAt: null,
    attention: { reason, since: at, detail },
    lastError: null,
    metadata: null,
    createdAt: at,
    assignee: null,
    replaces: null,
    replacedBy: null,
    versionNumber: null,
    history: [],
    ...rest,
  };
}

const render = (message: TrackedMessage) =>
  messagePage({ base: '/worklist', person: { id: 'alice' }, message, audit: [], patient: null, can: { resend: true, poll: false } }).text;

/** The heading, and the steps as a list of texts. */
function read(page: string): { heading: string; steps: string[] } {
  const heading = /<h2 id="attention-heading">Needs a person: ([^<]*)<\/h2>/.exec(page)?.[1] ?? '';
  const list = /<ol class="steps">([\s\S]*?)<\/ol>/.exec(page)?.[1] ?? '';
  const decode = (s: string) => s.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  return { heading: decode(heading), steps: [...list.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => decode(m[1] ?? '')) };
}

/** What a page says outside its folded technical detail, as text. */
function visibleText(page: string): string {
  return page.replace(/<details class="technical">[\s\S]*?<\/details>/g, ' ').replace(/<[^>]+>/g, ' ');
}

const TECHNICAL = /\b[A-Z][A-Za-z]*Error\b|\b(?:GET|POST|PUT|PATCH|DELETE)\b|\b[a-z][A-Za-z]*(?:\.[a-z][A-Za-z]*){2,}\b/;

describe('steps that match the code', () => {
  const refusals = GP_ROUTE_CODES.filter((c) => c.outcome === 'negative');

  it.each(refusals.map((c) => [c.code, c] as const))('GP-route code %s: the heading says who refused, the steps are its catalogue action and the note only', (_code, code) => {
    const reason: AttentionReason = code.code === '20014' ? 'replacement-rejected' : 'rejected';
    const page = render(item({ reason, route: 'gpconnect', recipient: 'UNK', status: 'REJECTED', subStatus: formatGpRouteSubStatus(code) }));
    const { heading, steps } = read(page);
    expect(heading).toBe(REFUSED_BY[code.source]);
    expect(steps).toEqual([code.action, NOTE_STEP]);
    expect(page).toContain(code.meaning.replace(/'/g, '&#39;'));
    // One instruction: none of the reason's own steps beside the code's.
    for (const step of REASON_GUIDES[reason].todo) expect(steps).not.toContain(step);
  });

  it('the exchange and the service are never "the practice": 10001 and EPL-153 are not filed under rejected by the practice', () => {
    for (const code of ['10001', 'EPL-153']) {
      const entry = GP_ROUTE_CODES.find((c) => c.code === code)!;
      const { heading, steps } = read(render(item({ reason: 'rejected', route: 'gpconnect', status: 'REJECTED', subStatus: formatGpRouteSubStatus(entry) })));
      expect(heading).not.toBe(ATTENTION_REASON_LABELS.rejected);
      expect(steps.join(' ')).not.toContain('Phone the practice to find out why');
    }
  });

  it.each(ATTENTION_REASONS)('%s without a code: its own label and steps', (reason) => {
    const { heading, steps } = read(render(item({ reason, route: 'standard' })));
    expect(heading).toBe(ATTENTION_REASON_LABELS[reason]);
    expect(steps).toEqual([...stepsFor(reason, 'standard')]);
  });
});

describe('no developer text in front of staff', () => {
  const badRequest =
    'BadRequestError: POST /api/v1/messages failed with 400 Request Validation Error (correlation 1f2e). Invalid: recipient.id.value: must be a known ODS code';

  it('a send refused for good: one plain sentence per cause, the technical text folded, and "never delivered"', () => {
    const page = render(item({ reason: 'send-failed', detail: badRequest, lastError: badRequest }));
    const visible = visibleText(page);
    expect(visible).not.toMatch(TECHNICAL);
    expect(visible).toContain('The service does not know practice A99999.');
    expect(visible).toContain('never delivered');
    expect(visible).not.toContain('not held by the service yet');
    expect(page).toContain('<details class="technical"><summary>Technical detail, for whoever supports the system</summary><code>BadRequestError: POST /api/v1/messages');
  });

  it.each([
    ['ContentRejectedError: the attachment was refused by the virus scan', "The service's virus scan refused an attachment."],
    ['ServiceUnavailableError: GET /api/v1/messages/x failed with 503', 'The service could not be reached or did not answer.'],
    ['UnauthorizedError: POST /api/v1/messages failed with 401', "The service did not accept the sending system's credentials."],
    ['SomethingNewError: whatever', 'The service or the tracker gave a technical reason, kept below for whoever supports the system.'],
  ])('%s reads as a plain sentence', (technical, sentence) => {
    expect(plainCause(technical)).toBe(sentence);
    expect(sentence).not.toMatch(TECHNICAL);
  });
});

describe('local time', () => {
  const summer = new Date('2026-07-12T09:15:02Z');
  const winter = new Date('2026-01-12T09:15:02Z');
  const entry = { id: '1', at: summer, messageId: ID, by: 'alice', action: 'acknowledge', outcome: 'done', reason: 'rejected', assignee: null, replacement: null, note: 'Phoned.', detail: null } as const;
  const tracker = {
    list: () => Promise.resolve({ items: [], nextCursor: undefined }),
    get: () => Promise.resolve(item({ reason: 'expired', sentAt: summer, createdAt: winter })),
    acknowledge: () => Promise.resolve(),
    assign: () => Promise.resolve(),
    audit: () => Promise.resolve({ items: [entry], nextCursor: undefined }),
  };
  const ask = async (path: string, timeZone?: string) => {
    const worklist = createWorklist({ tracker, authorize: () => ({ id: 'alice' }), ...(timeZone ? { timeZone } : {}) });
    const text = await (await worklist.fetch(new Request(`http://localhost${path}`))).text();
    await worklist.close();
    return text;
  };

  it('a page in summer shows British Summer Time by default, and GMT in winter; the instant stays in datetime', async () => {
    const page = await ask(`/messages/${ID}`);
    expect(page).toContain('<time datetime="2026-07-12T09:15:02.000Z">2026-07-12 10:15:02 BST</time>');
    expect(page).toContain('<time datetime="2026-01-12T09:15:02.000Z">2026-01-12 09:15:02 GMT</time>');
    expect(page).not.toMatch(/<time [^>]*>[^<]*Z<\/time>/);
    expect(await ask(`/messages/${ID}`, 'UTC')).toContain('2026-07-12 09:15:02 UTC');
  });

  it('the CSV gives ISO 8601 with the offset', async () => {
    expect(await ask('/audit.csv')).toContain(`2026-07-12T10:15:02+01:00,${ID},alice,acknowledge,done`);
    expect(() => createWorklist({ tracker, authorize: () => null, timeZone: 'Mars/Olympus' })).toThrow(/timeZone/);
  });
});
