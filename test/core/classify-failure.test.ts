// How a failed fetch becomes the SDK's error: whether the request can have
// reached the service decides `connected` and a send's `delivery`.
import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../src/core/classify-failure.js';
import { ConnectionError } from '../../src/core/errors/transport-errors.js';
import { retryDelayMs } from '../../src/core/retry-decision.js';
import { RETRY_POLICIES } from '../../src/core/retry-policy.js';

const SEND = { where: 'POST /api/v1/messages', timeoutMs: 30_000, signal: undefined, send: true };

/** The chain Node's fetch throws: TypeError "fetch failed", then what undici or the system reported. */
function fetchFailure(inner: Error): TypeError {
  return new TypeError('fetch failed', { cause: inner });
}
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('classifyFailure', () => {
  it.each([
    [407, "check the proxy's credentials"],
    [403, "ask whoever runs the proxy to allow the service's address"],
    [502, 'the proxy could not reach the service; try again later'],
    [400, 'check the proxy settings'],
  ])('a proxy answering CONNECT with %i: never reached the service, and says what to do', (status, advice) => {
    const refusal = withCode(`Proxy response (${status}) !== 200 when HTTP Tunneling`, 'UND_ERR_ABORTED');
    const error = classifyFailure(fetchFailure(new Error('Request was cancelled.', { cause: refusal })), SEND);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toBe(
      `POST /api/v1/messages could not reach the service: the proxy refused the connection (${status}); ${advice}. The message was not sent.`,
    );
    expect(error).toMatchObject({ connected: false, delivery: 'not-sent' });
  });

  it('an abort from elsewhere in undici stays "may have arrived"', () => {
    const error = classifyFailure(fetchFailure(withCode('Request aborted', 'UND_ERR_ABORTED')), SEND);
    expect(error).toMatchObject({ connected: true, delivery: 'unknown' });
  });

  it('a certificate Node cannot trace to a known authority (a TLS-inspecting proxy): never connected', () => {
    const error = classifyFailure(fetchFailure(withCode('unable to get local issuer certificate', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY')), SEND);
    expect(error).toMatchObject({ connected: false, delivery: 'not-sent' });
    expect(error.message).toContain('(UNABLE_TO_GET_ISSUER_CERT_LOCALLY)');
  });

  it.each(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'])(
    'a connection %s after it was made: the request may have arrived, so a send is unknown and the GP route does not resend it blindly',
    (code) => {
      const error = classifyFailure(fetchFailure(withCode(`read ${code}`, code)), SEND);
      expect(error).toMatchObject({ connected: true, delivery: 'unknown' });
      const gpRetry = { policy: RETRY_POLICIES['gpconnect.send'], retry: 0, maxRetries: 3, maxRetryAfterMs: 60_000, random: () => 0 };
      expect(retryDelayMs(error, gpRetry)).toBeUndefined();
      // The same send refused before connecting was never made: not sent, and retried at once.
      const refused = classifyFailure(fetchFailure(withCode('connect ECONNREFUSED', 'ECONNREFUSED')), SEND);
      expect(refused).toMatchObject({ connected: false, delivery: 'not-sent' });
      expect(retryDelayMs(refused, gpRetry)).toBe(0);
    },
  );

  it('a read carries no delivery', () => {
    const refusal = withCode('Proxy response (407) !== 200 when HTTP Tunneling', 'UND_ERR_ABORTED');
    const error = classifyFailure(fetchFailure(refusal), { ...SEND, where: 'GET /api/v1/test', send: false });
    expect(error.delivery).toBeUndefined();
    expect(error.message).not.toContain('not sent');
  });
});
