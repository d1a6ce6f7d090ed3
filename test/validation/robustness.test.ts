import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateMessage, validateWidget, type Route, type ValidationResult } from '../../src/index.js';
import { NOW, messageFor, patch, widget } from './fixtures.js';

const ROUTES: Route[] = ['standard', 'instant', 'gpconnect'];

function isResult(result: ValidationResult): boolean {
  return typeof result.ok === 'boolean' && Array.isArray(result.invalidParameters) && result.ok === (result.invalidParameters.length === 0);
}

function throwingGetter(obj: object, key: string): object {
  Object.defineProperty(obj, key, { enumerable: true, get: () => { throw new Error('getter 9434765919'); } });
  return obj;
}

const hostileProxy = () =>
  new Proxy(
    {},
    {
      get: () => { throw new Error('get'); },
      ownKeys: () => { throw new Error('keys'); },
      getPrototypeOf: () => { throw new Error('proto'); },
      has: () => { throw new Error('has'); },
    },
  );

const revoked = () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};

describe('validation never throws', () => {
  it('on arbitrary values, for every route and for widgets', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true, withBoxedValues: true }), (value) => {
        for (const route of ROUTES) expect(isResult(validateMessage(value, { route, now: NOW }))).toBe(true);
        expect(isResult(validateWidget(value))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('on arbitrary values placed at every field of a valid message', () => {
    const paths = [
      'messageId', 'topic', 'recipient', 'recipient.id', 'recipient.id.value', 'subject.id', 'subject.id.type', 'subject.id.value',
      'expiryDateTime', 'body', 'body.mimeType', 'attachments', 'attachments[0]', 'attachments[0].content', 'attachments[0].fileName',
      'attachments[0].mimeType', 'gpConnectAdditionalInformation', 'gpConnectAdditionalInformation.patient',
      'gpConnectAdditionalInformation.versionNumber', 'gpConnectAdditionalInformation.relatesTo',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...ROUTES), fc.constantFrom(...paths), fc.anything(), (route, path, value) => {
        const m = messageFor(route);
        if (path.startsWith('gp') && route !== 'gpconnect') return;
        expect(isResult(validateMessage(patch(m, path, value), { route, now: NOW }))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('on cyclic objects', () => {
    const m = messageFor('standard');
    m.self = m;
    (m.recipient as Record<string, unknown>).id = m;
    (m.attachments as unknown[]).push(m);
    const result = validateMessage(m, { route: 'standard', now: NOW });
    expect(isResult(result)).toBe(true);
    expect(result.ok).toBe(false);
    const w = widget();
    w.name = w;
    expect(validateWidget(w).invalidParameters.map((p) => p.name)).toEqual(['name']);
  });

  it('on throwing getters, reporting the field', () => {
    const m = throwingGetter(messageFor('standard'), 'topic');
    throwingGetter((m as Record<string, unknown[]>).attachments![0] as object, 'content');
    const result = validateMessage(m, { route: 'standard', now: NOW });
    expect(result.invalidParameters.map((p) => p.name)).toEqual(['topic', 'attachments[0].content']);
    expect(JSON.stringify(result)).not.toContain('9434765919');
    expect(isResult(validateWidget(throwingGetter(widget(), 'encryptionSecret')))).toBe(true);
  });

  it('on hostile and revoked Proxies anywhere', () => {
    for (const make of [hostileProxy, revoked]) {
      for (const route of ROUTES) {
        expect(validateMessage(make(), { route, now: NOW }).invalidParameters).toHaveLength(1);
        for (const path of ['recipient', 'attachments', 'attachments[0]', 'subject.id']) {
          expect(isResult(validateMessage(patch(messageFor(route), path, make()), { route, now: NOW }))).toBe(true);
        }
      }
      expect(validateWidget(make()).invalidParameters).toHaveLength(1);
    }
  });

  it('on an array whose length getter throws', () => {
    const list = new Proxy([], {
      get: (target, key): unknown => {
        if (key === 'length') throw new Error('len');
        return Reflect.get(target, key) as unknown;
      },
    });
    const result = validateMessage(patch(messageFor('standard'), 'attachments', list), { route: 'standard', now: NOW });
    expect(result.invalidParameters.map((p) => p.name)).toEqual(['attachments']);
  });

  it('on garbage options', () => {
    for (const options of [undefined, null, 42, {}, { route: 'standard', now: 'yesterday', topics: 'x', limits: 7 }, hostileProxy()]) {
      expect(isResult(validateMessage(messageFor('standard'), options as never))).toBe(true);
    }
    const ok = validateMessage(messageFor('standard'), { route: 'standard', now: new Date(Number.NaN), topics: [5] as never, limits: null as never });
    expect(ok.ok).toBe(true);
  });

  it('on non-object messages, with one problem at (root)', () => {
    for (const value of [null, undefined, 0, 'message', true, [], Symbol('m'), 10n, () => 1]) {
      expect(validateMessage(value, { route: 'standard', now: NOW }).invalidParameters).toEqual([
        { name: '(root)', reason: expect.stringMatching(/must be an object/) },
      ]);
    }
  });
});
