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
