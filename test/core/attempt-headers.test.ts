// An attempt's headers as a function of their parts: no server, no fetch.
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../src/index.js';
import { attemptHeaders, type AttemptHeaderParts } from '../../src/core/request-headers.js';

const parts = (overrides: Partial<AttemptHeaderParts> = {}): AttemptHeaderParts => ({
  extra: {},
  operation: undefined,
  trace: undefined,
  apiKey: 'key-1234',
  hasBody: false,
  ...overrides,
});

describe('attemptHeaders', () => {
  it('always sends the API key, Accept for problems, and the SDK as User-Agent', () => {
    expect(attemptHeaders(parts())).toEqual({
      ApiKey: 'key-1234',
      Accept: 'application/json, application/problem+json',
      'User-Agent': `cdms-sdk/${VERSION}`,
    });
  });

  it('declares a JSON body only when there is one', () => {
    expect(attemptHeaders(parts({ hasBody: true }))['Content-Type']).toBe('application/json');
    expect(attemptHeaders(parts({ hasBody: false }))).not.toHaveProperty('Content-Type');
  });

  it("adds the caller's extras, the operation's own and the trace context", () => {
    const headers = attemptHeaders(
      parts({ extra: { 'X-Correlation-Id': 'c-1' }, operation: { 'Service-Instant-Access-Token': 't-1' }, trace: { traceparent: '00-abc-def-01' } }),
    );
    expect(headers).toMatchObject({ 'X-Correlation-Id': 'c-1', 'Service-Instant-Access-Token': 't-1', traceparent: '00-abc-def-01' });
  });

  it('lets the operation override an extra, and never lets either replace what the SDK owns', () => {
    const headers = attemptHeaders(
      parts({
        extra: { 'X-Same': 'extra', ApiKey: 'stolen', 'User-Agent': 'other' },
        operation: { 'X-Same': 'operation', Accept: 'text/html' },
        hasBody: true,
      }),
    );
    expect(headers['X-Same']).toBe('operation');
    expect(headers.ApiKey).toBe('key-1234');
    expect(headers['User-Agent']).toBe(`cdms-sdk/${VERSION}`);
    expect(headers.Accept).toBe('application/json, application/problem+json');
    expect(headers['Content-Type']).toBe('application/json');
  });
});
