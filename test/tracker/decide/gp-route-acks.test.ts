import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_ACK_MS, DEFAULT_INFRASTRUCTURE_ACK_MS, gpAckDueAt } from '../../../src/tracker/decide/gp-route-acks.js';
import { recordStatus, scheduleNextPoll } from '../../../src/tracker/decide/transitions.js';
import { begin } from '../../../src/tracker/model/transition.js';
import { GP_ROUTE_CODES, ITK_REPLACEMENT_NOT_PROCESSED, formatGpRouteSubStatus } from '../../../src/index.js';
import { CONFIG, DAY, HOUR, NOW, followed, step } from './support.js';

const seen = (status: string, subStatus: string | null, updated: string | null = null) => ({ status, subStatus, updated });
const gp = (fields: Parameters<typeof followed>[0] = {}) => followed({ subStatus: 'Sent to MESH', ...fields }, 'gpconnect');

describe('GP route: missing acknowledgements', () => {
  it('the defaults are the five days MESH keeps an uncollected message', () => {
    expect(DEFAULT_INFRASTRUCTURE_ACK_MS).toBe(5 * DAY);
    expect(DEFAULT_BUSINESS_ACK_MS).toBe(5 * DAY);
  });

  it("still 'Sent to MESH' at the set time after the send: no-infrastructure-ack, once, and the message is still followed", () => {
    const before = begin(gp());
    recordStatus(before, seen('PENDING', 'Sent to MESH'), 'poll', step(NOW + DEFAULT_INFRASTRUCTURE_ACK_MS - 1));
    expect(before.state.attention).toBeNull();

    const due = begin(gp());
    recordStatus(due, seen('PENDING', 'Sent to MESH'), 'poll', step(NOW + DEFAULT_INFRASTRUCTURE_ACK_MS));
    expect(due.state).toMatchObject({ stage: 'following', attention: 'no-infrastructure-ack' });
    expect(due.state.attentionDetail).toMatch(/Still 'Sent to MESH' 5 days after it was sent/);
    expect(due.events).toEqual([{ kind: 'attention', reason: 'no-infrastructure-ack', detail: due.state.attentionDetail }]);

    const again = begin(due.state);
    recordStatus(again, seen('PENDING', 'Sent to MESH'), 'poll', step(NOW + DEFAULT_INFRASTRUCTURE_ACK_MS + DAY));
    expect(again.events).toEqual([]);
  });

  it('just sent and not yet polled (PENDING, no subStatus): the infrastructure acknowledgement is awaited from the send', () => {
    expect(gpAckDueAt(gp({ subStatus: null }), CONFIG, NOW)).toBe(NOW + DEFAULT_INFRASTRUCTURE_ACK_MS);
  });

  it('the set time is an option', () => {
    const t = begin(gp());
    recordStatus(t, seen('PENDING', 'Sent to MESH'), 'poll', { ...step(NOW + 2 * HOUR), config: { ...CONFIG, infrastructureAckMs: 2 * HOUR } });
    expect(t.state.attention).toBe('no-infrastructure-ack');
    expect(t.state.attentionDetail).toMatch(/2 hours after/);
  });

  it("'20013 - Success' without a business response for the set time after the service's updated time: no-business-ack", () => {
    const receivedAt = NOW + DAY;
    const updated = new Date(receivedAt).toISOString();
    const early = begin(gp());
    recordStatus(early, seen('PENDING', '20013 - Success', updated), 'poll', step(receivedAt + DEFAULT_BUSINESS_ACK_MS - 1));
    expect(early.state.attention).toBeNull();

    const late = begin(gp());
    recordStatus(late, seen('PENDING', '20013-Success', updated), 'poll', step(receivedAt + DEFAULT_BUSINESS_ACK_MS));
    expect(late.state).toMatchObject({ stage: 'following', attention: 'no-business-ack' });
    expect(late.state.attentionDetail).toMatch(/without a business response/);
  });

  it('an unreadable or future updated time counts from the send, or from now, never later', () => {
    const unreadable = begin(gp());
    recordStatus(unreadable, seen('PENDING', '20013 - Success', 'yesterday'), 'poll', step(NOW + DEFAULT_BUSINESS_ACK_MS));
    expect(unreadable.state.attention).toBe('no-business-ack');

    const ahead = gp({ status: 'PENDING', subStatus: '20013 - Success', statusUpdated: new Date(NOW + 400 * DAY).toISOString() });
    expect(gpAckDueAt(ahead, CONFIG, NOW + DAY)).toBe(NOW + DAY + DEFAULT_BUSINESS_ACK_MS);
  });

  it('only the GP route, only while PENDING and followed', () => {
    const standard = begin(followed({ subStatus: 'Sent to MESH' }));
    recordStatus(standard, seen('PENDING', 'Sent to MESH'), 'poll', step(NOW + 30 * DAY));
    expect(standard.state.attention).not.toBe('no-infrastructure-ack');
    expect(gpAckDueAt(gp({ stage: 'settled' }), CONFIG, NOW)).toBeUndefined();
    expect(gpAckDueAt(gp({ status: 'COMPLETED', subStatus: '30001-Patient known here' }), CONFIG, NOW)).toBeUndefined();
  });

  it('the poll schedule looks again when the acknowledgement falls due, within the cap', () => {
    const t = begin(gp({ pollTimes: [NOW + 4 * DAY + 23 * HOUR] }));
    scheduleNextPoll(t, step(NOW + 4 * DAY + 23 * HOUR));
    expect(t.state.dueAt?.getTime()).toBe(NOW + DEFAULT_INFRASTRUCTURE_ACK_MS);

    const raised = begin(gp({ pollTimes: [NOW + 5 * DAY], attentionRaised: ['no-infrastructure-ack'] }));
    scheduleNextPoll(raised, step(NOW + 5 * DAY));
    expect(raised.state.dueAt?.getTime()).toBeGreaterThanOrEqual(NOW + 5 * DAY + CONFIG.pollIntervalMs);
  });
});

describe('GP route: negative codes', () => {
  // 20014 has its own reason: see 'a refused replacement' below.
  const negatives = GP_ROUTE_CODES.filter((c) => c.outcome === 'negative' && c.code !== ITK_REPLACEMENT_NOT_PROCESSED);

  it.each(negatives.map((c) => [formatGpRouteSubStatus(c), c.action] as const))('REJECTED %s: rejected, with the code\'s action', (subStatus, action) => {
    const t = begin(gp());
    recordStatus(t, seen('REJECTED', subStatus), 'poll', step());
    expect(t.state).toMatchObject({ stage: 'settled', attention: 'rejected' });
    expect(t.state.attentionDetail).toContain(`REJECTED: ${subStatus}.`);
    expect(t.state.attentionDetail).toContain(`To do: ${action}`);
    expect(t.events.map((e) => e.kind)).toEqual(['status-changed', 'terminal', 'attention']);
  });

  it('a negative code under another status still needs a person', () => {
    const t = begin(gp());
    recordStatus(t, seen('COMPLETED', '20009-Payload validation failure'), 'poll', step());
    expect(t.state.attention).toBe('rejected');
    expect(t.state.attentionDetail).toMatch(/^COMPLETED: 20009-Payload validation failure\./);
  });

  it('positive final codes need nobody', () => {
    for (const sub of ['30001-Patient known here', '30004-Patient known here and recently deceased']) {
      const t = begin(gp({ subStatus: '20013 - Success' }));
      recordStatus(t, seen('COMPLETED', sub), 'poll', step());
      expect(t.state).toMatchObject({ stage: 'settled', attention: null });
    }
  });

  it('an unknown code on a REJECTED message: rejected, with the safe action', () => {
    const t = begin(gp());
    recordStatus(t, seen('REJECTED', '29999-Something new'), 'poll', step());
    expect(t.state.attentionDetail).toMatch(/Treat the document as not filed/);
  });
});

describe('GP route: a refused replacement (20014)', () => {
  const refused = GP_ROUTE_CODES.find((c) => c.code === ITK_REPLACEMENT_NOT_PROCESSED)!;
  const earlier = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

  it('replacement-rejected, not rejected, naming this version and the one it replaces by messageId, with the action', () => {
    const t = begin(gp({ replaces: earlier, versionNumber: 2 }));
    recordStatus(t, seen('REJECTED', formatGpRouteSubStatus(refused)), 'poll', step());
    expect(t.state).toMatchObject({ stage: 'settled', attention: 'replacement-rejected', attentionRaised: ['replacement-rejected'] });
    const detail = t.state.attentionDetail ?? '';
    expect(detail).toContain(`version 2, message ${t.state.messageId}`);
    expect(detail).toContain(`the version it replaces (message ${earlier})`);
    expect(detail).toContain(`To do: ${refused.action}`);
    expect(t.events.filter((e) => e.kind === 'attention')).toEqual([{ kind: 'attention', reason: 'replacement-rejected', detail }]);
  });

  it('on a message the ledger does not link to an earlier one, the detail says so rather than naming one', () => {
    const t = begin(gp());
    recordStatus(t, seen('REJECTED', '20014-Unable to Process Replacement Document'), 'poll', step());
    expect(t.state.attention).toBe('replacement-rejected');
    expect(t.state.attentionDetail).toMatch(/its relatesTo; not linked in this ledger/);
    // Its version number unknown to the ledger: named by messageId alone.
    expect(t.state.attentionDetail).toContain(`this new version (message ${t.state.messageId})`);
  });

  it('only on the GP route', () => {
    const t = begin(followed({}));
    recordStatus(t, seen('REJECTED', '20014 - Unable to Process Replacement Document'), 'poll', step());
    expect(t.state.attention).toBe('rejected');
  });
});

describe('GP route: the edges', () => {
  it('the wait is said in days, hours or seconds', () => {
    const waited = (ms: number) => {
      const t = begin(gp());
      recordStatus(t, seen('PENDING', 'Sent to MESH'), 'poll', { ...step(NOW + ms), config: { ...CONFIG, infrastructureAckMs: ms } });
      return t.state.attentionDetail;
    };
    expect(waited(DAY)).toMatch(/'Sent to MESH' 1 day after/);
    expect(waited(2 * DAY)).toMatch(/'Sent to MESH' 2 days after/);
    expect(waited(36 * HOUR)).toMatch(/'Sent to MESH' 36 hours after/);
    expect(waited(HOUR)).toMatch(/'Sent to MESH' 1 hours? after/);
    expect(waited(30_000)).toMatch(/'Sent to MESH' 30 seconds after/);
    expect(waited(0)).toMatch(/'Sent to MESH' 0 seconds after/);
  });

  it('awaited only on the GP route, only while PENDING; from the send, else the creation', () => {
    expect(gpAckDueAt(followed({ subStatus: 'Sent to MESH' }), CONFIG, NOW)).toBeUndefined();
    expect(gpAckDueAt(gp({ status: 'COMPLETED' }), CONFIG, NOW)).toBeUndefined();
    expect(gpAckDueAt(gp({ sentAt: new Date(NOW + HOUR) }), CONFIG, NOW)).toBe(NOW + HOUR + DEFAULT_INFRASTRUCTURE_ACK_MS);
    expect(gpAckDueAt(gp({ sentAt: null }), CONFIG, NOW)).toBe(NOW + DEFAULT_INFRASTRUCTURE_ACK_MS);
    expect(gpAckDueAt(gp({ subStatus: '30001 - Success' }), CONFIG, NOW)).toBeUndefined();
  });

  it('REJECTED with no code at all: the plain rejection, not a code reading', () => {
    const t = begin(gp({ subStatus: null }));
    recordStatus(t, seen('REJECTED', null), 'poll', step());
    expect(t.state).toMatchObject({ attention: 'rejected', attentionDetail: 'REJECTED by the practice.' });
  });
});
