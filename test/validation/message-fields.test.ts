// The message's own fields at their edges: each field whose value may be
// shown shows it when it has the wrong type; a missing topic is only
// required, even with a topic list; names compared with a list ignore
// outer spaces on both sides, beyond a typo's reach; the send path's
// validation stops at options it cannot use.
import { describe, expect, it } from 'vitest';
import { validateMessage, type Route } from '../../src/index.js';
import { validateMessageKeepingAsync } from '../../src/validation/message.js';
import { NOW, REMOVE, TOPIC, messageFor, patch } from './fixtures.js';

const problems = (route: Route, path: string, value: unknown, topics?: string[]) =>
  validateMessage(patch(messageFor(route), path, value), { route, now: NOW, ...(topics === undefined ? {} : { topics }) }).invalidParameters;

describe('message fields at their edges', () => {
  it.each([
    ['standard', 'messageId'],
    ['instant', 'type'],
    ['standard', 'topic'],
    ['standard', 'expiryDateTime'],
    ['standard', 'body.mimeType'],
  ] as const)('on a %s send, shows %s when it is no string', (route, field) => {
    expect(problems(route, field, 42)).toEqual([{ name: field, reason: 'must be a string, not a number', value: 42 }]);
  });

  it('says of a missing topic only that it is required, with a topic list too', () => {
    expect(problems('standard', 'topic', REMOVE, [TOPIC])).toEqual([{ name: 'topic', reason: 'is required' }]);
  });

  it('finds the name meant when the topic or a name of the list has outer spaces beyond a typo', () => {
    const padded = `   ${TOPIC.toLowerCase()}   `;
    const meant = (near: string) => `is not in the topic list of this environment; did you mean '${near}'? Names are compared exactly`;
    expect(problems('standard', 'topic', padded, [TOPIC])).toEqual([{ name: 'topic', reason: meant(TOPIC), value: padded }]);
    const listed = `   ${TOPIC}   `;
    expect(problems('standard', 'topic', TOPIC.toLowerCase(), [listed])).toEqual([{ name: 'topic', reason: meant(listed), value: TOPIC.toLowerCase() }]);
  });

  it("the send path's validation reports an unusable route alone", async () => {
    const result = await validateMessageKeepingAsync(messageFor('standard'), { route: 'fax' as Route, now: NOW });
    expect(result).toEqual({ ok: false, invalidParameters: [{ name: '(options).route', reason: "must be 'standard', 'instant' or 'gpconnect'" }] });
  });
});
