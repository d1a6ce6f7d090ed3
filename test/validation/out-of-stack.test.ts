// "Never throws" at the one place where any code can: the end of the call
// stack. Every read of caller data is guarded, so only a RangeError part-way
// through the rules reaches the catch-all around them; it must answer with
// the "could not be validated" problem, never with the problems found so far
// as if they were all (a half-checked registration reported valid).
import { describe, expect, it } from 'vitest';
import { validateWidget } from '../../src/index.js';
import { patch, widget } from './fixtures.js';

/**
 * Runs `check` at each depth of a call stack taken down to its limit, from the deepest up: the
 * first depths have no room even to call it, the next run out of stack part-way through it, and
 * from some depth up it runs whole. Stops after `whole` answers in a row.
 */
function atStackLimit<T>(check: () => T, isWhole: (answer: T) => boolean, whole = 20): T[] {
  const answers: T[] = [];
  let wholeInARow = 0;
  const descend = (): void => {
    try {
      descend();
    } catch {
      // The limit: from here up, check at each depth.
    }
    if (wholeInARow >= whole) return;
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

const COULD_NOT = { name: '(root)', reason: 'could not be validated; pass plain JSON data' };

describe('validation out of stack', () => {
  it('validateWidget never answers ok when the stack runs out part-way, and says it could not validate', () => {
    // The one problem of this registration is found by the last rule, so a check cut short finds nothing.
    const w = patch(patch(widget(), 'requiresUserData', false), 'requiresPatientData', true);
    const [found] = validateWidget(w).invalidParameters;
    expect(found?.name).toBe('requiresPatientData');
    const answers = atStackLimit(
      () => validateWidget(w),
      (a) => a.invalidParameters.length === 1 && a.invalidParameters[0]?.name === 'requiresPatientData',
    );
    // Cut short, a read's guard may say what it could not read; the rest is the catch-all's problem.
    expect(answers.filter((a) => a.ok)).toEqual([]);
    expect(answers.map((a) => a.invalidParameters.at(-1))).toContainEqual(COULD_NOT);
    expect(answers.at(-1)).toEqual({ ok: false, invalidParameters: [found] });
  });
});
