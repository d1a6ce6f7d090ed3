// "Never throws", where a guarded read cannot help: every read of caller
// data is guarded, so only what no guard covers reaches the catch-all around
// the rules (a Proxy as the options' `now` whose prototype cannot be read,
// or the end of the call stack part-way through the rules). It must answer
// with the "could not be validated" problem, never with the problems found
// so far as if they were all: a half-checked message or registration
// reported valid.
import { describe, expect, it, vi } from 'vitest';
import { validateMessage } from '../../src/index.js';
import type { ValidationResult } from '../../src/validation/index.js';
import { validateMessageKeepingAsync } from '../../src/validation/message.js';
import { NOW, messageFor, patch, widget } from './fixtures.js';

const COULD_NOT = { name: '(root)', reason: 'could not be validated; pass plain JSON data' };

/**
 * Runs `check` at each depth of a call stack taken down to its limit, from the deepest up: the
 * first depths have no room even to call it, the next run out of stack part-way through it, and
 * from some depth up it runs whole. Stops after `enough` whole answers in a row.
 */
function atStackLimit<T>(check: () => T, isWhole: (answer: T) => boolean, enough = 20): T[] {
  const answers: T[] = [];
  let wholeInARow = 0;
  const descend = (): void => {
    try {
      descend();
    } catch {
      // The limit: from here up, check at each depth.
    }
    if (wholeInARow >= enough) return;
    try {
      const answer = check();
      answers.push(answer);
      wholeInARow = isWhole(answer) ? wholeInARow + 1 : 0;
    } catch {
      // No room even to answer: a shallower depth will.
    }
  };
  descend();
  return answers;
}

describe('validation where no guard helps', () => {
  it('validateWidget never answers ok when the stack runs out part-way, and says it could not validate', async () => {
    // Fresh module instances, so the rules run as code not yet optimised: optimised code checks the
    // stack once on entry for all it has inlined, so no depth would run out part-way through it.
    vi.resetModules();
    const { validateWidget } = await import('../../src/validation/widget.js');
    // The one problem of this registration is found by the last rule, so a check cut short finds nothing.
    const w = patch(patch(widget(), 'requiresUserData', false), 'requiresPatientData', true);
    const whole = validateWidget(w);
    expect(whole.invalidParameters.map((p) => p.name)).toEqual(['requiresPatientData']);
    const answers = atStackLimit(
      () => validateWidget(w),
      (a) => a.invalidParameters.length === 1 && a.invalidParameters[0]?.name === 'requiresPatientData',
    );
    // Cut short, a read's guard may say what it could not read; otherwise the catch-all says it.
    expect(answers.filter((a) => a.ok)).toEqual([]);
    // Where the stack runs out depends on the Node line's V8 and on what it has optimised: at some
    // depths (often, on Node 24) the rules stop part-way, and then only the catch-all can answer;
    // elsewhere every depth runs them whole or not at all. Either way no answer is a partial one.
    for (const a of answers) {
      const cutShort = a.invalidParameters.some((p) => p.name === COULD_NOT.name && p.reason === COULD_NOT.reason);
      const unlikeWhole = a.invalidParameters.some((p) => !whole.invalidParameters.some((q) => q.name === p.name && q.reason === p.reason));
      expect(cutShort || unlikeWhole || JSON.stringify(a) === JSON.stringify(whole)).toBe(true);
    }
    expect(answers.at(-1)).toEqual(whole);
  });

  // `now instanceof Date` reads the prototype of what it is given.
  const hostileNow = new Proxy(new Date(NOW), {
    getPrototypeOf: () => {
      throw new Error('prototype not readable');
    },
  });
  const expected: ValidationResult = { ok: false, invalidParameters: [COULD_NOT] };

  it('validateMessage answers "could not be validated" for options it cannot read, never ok', () => {
    expect(validateMessage(messageFor('standard'), { route: 'standard', now: hostileNow })).toEqual(expected);
  });

  it("the send path's validation likewise", async () => {
    expect(await validateMessageKeepingAsync(messageFor('standard'), { route: 'standard', now: hostileNow })).toEqual(expected);
  });
});
