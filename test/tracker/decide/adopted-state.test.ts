import { describe, expect, it } from 'vitest';
import { LocalValidationError } from '../../../src/index.js';
import { adoptedState, type TrackInput } from '../../../src/tracker/decide/adopted-state.js';
import { checkMetadata } from '../../../src/tracker/model/metadata.js';
import type { InvalidParameter } from '../../../src/schemas/problem.js';
import { CONFIG, DAY, NOW, step } from './support.js';

/** The names of the parameters an input is refused for. */
function refusedFor(input: unknown): string[] {
  try {
    adoptedState(input as TrackInput, step());
  } catch (error) {
    expect(error).toBeInstanceOf(LocalValidationError);
    return (error as LocalValidationError).invalidParameters.map((p) => p.name);
  }
  return [];
}

describe('adoptedState', () => {
  it('a message sent without the tracker is followed from now: first poll planned, nothing sent or raised', () => {
    const messageId = crypto.randomUUID();
    const sentAt = new Date(NOW - DAY);
    const state = adoptedState({ messageId, route: 'gpconnect', sentAt: sentAt.toISOString(), topic: 'Consultation Summary', metadata: { ward: 7 } }, step());
    expect(state).toMatchObject({ messageId, route: 'gpconnect', stage: 'following', sentAt, topic: 'Consultation Summary', recipient: null, metadata: { ward: 7 } });
    expect(state.followUntil?.getTime()).toBe(sentAt.getTime() + CONFIG.followForMs);
    // A day after its send, its first poll is due at once.
    expect(state.dueAt?.getTime()).toBe(NOW);
    expect(state.attentionRaised).toEqual([]);
  });

  it('refuses what it cannot follow, naming every bad field', () => {
    expect(refusedFor({ messageId: 'not-a-uuid', route: 'fax', sentAt: 'yesterday', expiryDateTime: 'soon', metadata: [] })).toEqual([
      'messageId',
      'route',
      'sentAt',
      'expiryDateTime',
      'metadata',
    ]);
    expect(refusedFor(undefined)).toEqual(['messageId', 'route', 'sentAt']);
    expect(refusedFor({ messageId: crypto.randomUUID(), route: 'standard', sentAt: new Date(NOW), expiryDateTime: null })).toEqual([]);
  });
});

describe('adoptedState: each field on its own', () => {
  const valid = { messageId: crypto.randomUUID(), route: 'standard', sentAt: new Date(NOW) } as const;
  const refusal = (input: unknown): unknown => {
    try {
      adoptedState(input as TrackInput, step());
    } catch (error) {
      return (error as LocalValidationError).invalidParameters;
    }
    return 'accepted';
  };

  it('each bad field alone is refused, with what it must be', () => {
    expect(refusal({ ...valid, messageId: 'not-a-uuid' })).toEqual([{ name: 'messageId', reason: 'must be the UUID the message was sent with' }]);
    // Not a string, though its text is a UUID.
    expect(refusal({ ...valid, messageId: [valid.messageId] })).toEqual([{ name: 'messageId', reason: 'must be the UUID the message was sent with' }]);
    expect(refusal({ ...valid, route: 'fax' })).toEqual([{ name: 'route', reason: "must be 'standard', 'instant' or 'gpconnect'" }]);
    expect(refusal({ ...valid, sentAt: 'yesterday' })).toEqual([{ name: 'sentAt', reason: 'must be a Date or an RFC 3339 timestamp' }]);
    // A number of milliseconds is not a timestamp the tracker takes.
    expect(refusal({ ...valid, sentAt: NOW })).toEqual([{ name: 'sentAt', reason: 'must be a Date or an RFC 3339 timestamp' }]);
    expect(refusal({ ...valid, expiryDateTime: 'soon' })).toEqual([{ name: 'expiryDateTime', reason: 'must be a Date or an RFC 3339 timestamp' }]);
  });

  it('versionNumber: a whole number of 1 or more, on the GP route only; kept', () => {
    const versionRefused = [{ name: 'versionNumber', reason: 'is for a GP-route message only: the whole number (1 or more) it was sent with' }];
    expect(refusal({ ...valid, versionNumber: 1 })).toEqual(versionRefused);
    expect(refusal({ ...valid, route: 'gpconnect', versionNumber: 0 })).toEqual(versionRefused);
    expect(refusal({ ...valid, route: 'gpconnect', versionNumber: 1.5 })).toEqual(versionRefused);
    expect(adoptedState({ ...valid, route: 'gpconnect', versionNumber: 2 }, step()).versionNumber).toBe(2);
    expect(adoptedState({ ...valid, route: 'gpconnect' }, step()).versionNumber).toBeNull();
  });

  it('topic and recipient are kept when they are text, else null', () => {
    expect(adoptedState({ ...valid, topic: 'Discharge Summary', recipient: 'A81001' }, step())).toMatchObject({ topic: 'Discharge Summary', recipient: 'A81001' });
    expect(adoptedState({ ...valid, topic: 7, recipient: 8 } as unknown as TrackInput, step())).toMatchObject({ topic: null, recipient: null });
  });
});

describe('checkMetadata', () => {
  const problems = (metadata: unknown): InvalidParameter[] => {
    const found: InvalidParameter[] = [];
    checkMetadata(metadata, found);
    return found;
  };

  it('takes a plain JSON object, or nothing', () => {
    expect(problems(undefined)).toEqual([]);
    expect(problems({ documentId: 'D-1', tags: ['a'] })).toEqual([]);
  });

  it('refuses what would not survive the JSON round trip, or would bloat every row', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const bad of [null, 'text', [1], cyclic, { big: 'x'.repeat(65_536) }]) {
      expect(problems(bad)).toEqual([{ name: 'metadata', reason: 'must be a plain JSON object of at most 64 KiB' }]);
    }
  });
});
