// validateMessage's own rules at their edges: the topic check alone
// (validateTopic), each hint a topic gets, the type each route expects, the
// fields each route refuses with their hint, and the answer for a message
// that is no object.
import { describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/index.js';
import { validateTopic } from '../../src/validation/message.js';
import { NOW, TOPIC, messageFor, patch } from './fixtures.js';

describe('validateTopic', () => {
  it('checks only the topic, against a non-empty list', () => {
    const m = patch(messageFor('standard'), 'topic', 'Unknown Topic');
    expect(validateTopic(m, [TOPIC])).toEqual({
      ok: false,
      invalidParameters: [{ name: 'topic', reason: 'is not in the topic list of this environment; see cdms.topics.list()', value: 'Unknown Topic' }],
    });
    expect(validateTopic(m, [])).toEqual({ ok: true, invalidParameters: [] });
    expect(validateTopic(messageFor('standard'), [TOPIC])).toEqual({ ok: true, invalidParameters: [] });
    expect(validateTopic('not a message', [TOPIC])).toEqual({ ok: true, invalidParameters: [] });
    expect(validateTopic(patch(messageFor('standard'), 'subject', 'broken'), [TOPIC]).ok).toBe(true);
  });

  it('suggests a topic that differs only in case or spaces, or by a slip, and names it exactly', () => {
    const hint = (topic: string) => validateTopic(patch(messageFor('standard'), 'topic', topic), ['Other', TOPIC]).invalidParameters[0]?.reason;
    expect(hint(' discharge summary ')).toBe(`is not in the topic list of this environment; did you mean '${TOPIC}'? Names are compared exactly`);
    expect(hint('Discharge Sumary')).toBe(`is not in the topic list of this environment; did you mean '${TOPIC}'? Names are compared exactly`);
  });
});

describe('validateMessage', () => {
  it('expects each route’s own type', () => {
    const reason = (route: 'instant' | 'gpconnect', type: unknown) =>
      validateMessage(patch(messageFor(route), 'type', type), { route, now: NOW }).invalidParameters;
    expect(reason('instant', 'GPConnectMessage')).toEqual([{ name: 'type', reason: "must be 'ToolbarInstantMessage' on this route", value: 'GPConnectMessage' }]);
    expect(reason('gpconnect', 'ToolbarInstantMessage')).toEqual([{ name: 'type', reason: "must be 'GPConnectMessage' on this route", value: 'ToolbarInstantMessage' }]);
    expect(reason('instant', undefined)).toEqual([{ name: 'type', reason: 'is required' }]);
  });

  it('refuses the fields of other routes with their hints', () => {
    const extra = (route: 'standard' | 'instant' | 'gpconnect', key: string, value: unknown = {}) =>
      validateMessage({ ...messageFor(route), [key]: value }, { route, now: NOW }).invalidParameters.find((p) => p.name === key)?.reason;
    expect(extra('standard', 'gpConnectAdditionalInformation')).toBe('only allowed on the GP route (cdms.gpconnect.send())');
    expect(extra('instant', 'gpConnectAdditionalInformation')).toBe('only allowed on the GP route (cdms.gpconnect.send())');
    expect(extra('gpconnect', 'codedDataItems')).toBe('not allowed on the GP route; send coded data items with cdms.messages.send()');
    expect(extra('standard', 'type')).toBe('must be absent on a standard send; for an instant or GP-route message use cdms.instant.send() or cdms.gpconnect.send()');
    expect(extra('instant', 'codedDataItems', [])).toBeUndefined();
  });

  it('answers for a message that is no object', () => {
    for (const [message, what] of [[[], 'an array'], [null, 'null'], ['x', 'a string'], [undefined, 'a undefined']] as const) {
      expect(validateMessage(message, { route: 'standard', now: NOW }).invalidParameters, what).toEqual([
        { name: '(root)', reason: `the message must be an object, not ${what}` },
      ]);
    }
  });

  it('refuses an expiry at now and accepts one a millisecond later', () => {
    const at = (expiry: string) => validateMessage(patch(messageFor('standard'), 'expiryDateTime', expiry), { route: 'standard', now: NOW }).invalidParameters;
    expect(at('2026-01-01T00:00:00Z')).toEqual([{ name: 'expiryDateTime', reason: 'must be in the future', value: '2026-01-01T00:00:00Z' }]);
    expect(at('2026-01-01T00:00:00.001Z')).toEqual([]);
  });

  it('refuses a messageId that is no UUID, echoing it, and takes a valid one', () => {
    const id = (messageId: string) => validateMessage(patch(messageFor('standard'), 'messageId', messageId), { route: 'standard', now: NOW }).invalidParameters;
    expect(id('6f1c2b1e-8f1a-4c1e-9d2a-1b2c3d4e5f6')).toEqual([
      { name: 'messageId', reason: 'must be a UUID (8-4-4-4-12 hexadecimal digits); omit it to have one generated', value: '6f1c2b1e-8f1a-4c1e-9d2a-1b2c3d4e5f6' },
    ]);
    expect(id('6f1c2b1e-8f1a-4c1e-9d2a-1b2c3d4e5f60')).toEqual([]);
  });

  it('checks the body: its type, and its content present', () => {
    const body = (value: unknown) => validateMessage(patch(messageFor('standard'), 'body', value), { route: 'standard', now: NOW }).invalidParameters;
    expect(body({ mimeType: 'text/html', content: '<p>x</p>' })).toEqual([]);
    expect(body({ mimeType: 'text/plain', content: 'x' })).toEqual([]);
    expect(body({ mimeType: 'text/markdown', content: 'x' })).toEqual([{ name: 'body.mimeType', reason: "must be 'text/plain' or 'text/html'", value: 'text/markdown' }]);
    expect(body({ mimeType: 'text/plain' })).toEqual([{ name: 'body.content', reason: 'is required' }]);
  });
});
