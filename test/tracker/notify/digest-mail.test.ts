import { describe, expect, it } from 'vitest';
import { digestMail } from '../../../src/tracker/notify/email-digest.js';

const digest = (from: string, until: string) => ({
  newTotal: 2,
  newByReason: { rejected: 2 },
  waitingTotal: 2,
  waitingByReason: { rejected: 2 },
  from: new Date(from),
  until: new Date(until),
});

describe('the e-mail digest in local time', () => {
  it('says since when in British Summer Time, once, not the same ISO instant twice', () => {
    const { text } = digestMail(digest('2026-07-12T03:56:00Z', '2026-07-12T04:56:00Z'), 'https://worklist.example/');
    expect(text).toContain('2 new since 04:56 BST, the last digest:');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('names the day when the last digest was on another, and GMT in winter', () => {
    const { text } = digestMail(digest('2026-01-11T22:10:00Z', '2026-01-12T08:00:00Z'), 'https://worklist.example/');
    expect(text).toContain('since 2026-01-11 22:10 GMT');
  });

  it('follows the time zone it is given', () => {
    const { text } = digestMail(digest('2026-07-12T03:56:00Z', '2026-07-12T04:56:00Z'), 'https://worklist.example/', 'UTC');
    expect(text).toContain('since 03:56 UTC');
  });
});
