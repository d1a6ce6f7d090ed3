// How a failed fetch becomes the SDK's error: whether the request can have
// reached the service decides `connected` and a send's `delivery`.
import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../src/core/classify-failure.js';
import { ConnectionError, RequestAbortedError } from '../../src/core/errors/transport-errors.js';
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

  it.each([
    'ECONNREFUSED',
    'ENOTFOUND',
    'EAI_AGAIN',
    'ENETUNREACH',
    'EHOSTUNREACH',
    'UND_ERR_CONNECT_TIMEOUT',
    'CERT_HAS_EXPIRED',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'SELF_SIGNED_CERT_IN_CHAIN',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'ERR_TLS_CERT_ALTNAME_INVALID',
  ])('%s: the connection was never made, so a send was not sent, and the text names the code', (code) => {
    const error = classifyFailure(fetchFailure(withCode(code.toLowerCase(), code)), SEND);
    expect(error).toMatchObject({ connected: false, delivery: 'not-sent' });
    expect(error.message).toBe(`POST /api/v1/messages could not reach the service (${code}); check CDMS_BASE_URL and the network. The message was not sent.`);
  });

  it('finds the code up to the fourth error of the cause chain, and no deeper', () => {
    const nested = (depth: number): Error => {
      let error: Error = withCode('connect ECONNREFUSED', 'ECONNREFUSED');
      for (let i = 1; i < depth; i++) error = new Error(`wrapper ${i}`, { cause: error });
      return error;
    };
    expect(classifyFailure(nested(4), SEND)).toMatchObject({ connected: false, delivery: 'not-sent' });
    expect(classifyFailure(nested(5), SEND)).toMatchObject({ connected: true, delivery: 'unknown' });
  });

  it('a failure without a code: may have arrived, and the text names no code', () => {
    const error = classifyFailure(fetchFailure(new Error('other side closed')), SEND);
    expect(error).toMatchObject({ connected: true, delivery: 'unknown' });
    expect(error.message).toMatch(/^POST \/api\/v1\/messages could not reach the service; check CDMS_BASE_URL and the network\./);
    expect(error.cause).toBeInstanceOf(TypeError); // fetch's own error is kept: it holds no request
    expect(classifyFailure(withCode('x', 'ECONNRESET'), SEND).cause).toBeUndefined();
  });

  it('a proxy answering CONNECT with 500: the proxy could not reach the service', () => {
    const refusal = withCode('Proxy response (500) !== 200 when HTTP Tunneling', 'UND_ERR_ABORTED');
    expect(classifyFailure(fetchFailure(refusal), SEND).message).toContain('(500); the proxy could not reach the service; try again later.');
    const other = withCode('Proxy response (499) !== 200 when HTTP Tunneling', 'UND_ERR_ABORTED');
    expect(classifyFailure(fetchFailure(other), SEND).message).toContain('(499); check the proxy settings.');
  });

  it("the caller's abort wins over whatever fetch threw: a send's delivery is unknown (the request may be out), a read's is none", () => {
    const reason = new Error('user left the page');
    const controller = new AbortController();
    controller.abort(reason);
    const failure = fetchFailure(withCode('connect ECONNREFUSED', 'ECONNREFUSED'));
    const error = classifyFailure(failure, { ...SEND, signal: controller.signal });
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(error).toMatchObject({ delivery: 'unknown', cause: reason });
    expect(classifyFailure(failure, { ...SEND, send: false, signal: controller.signal })).toMatchObject({ name: 'RequestAbortedError', delivery: undefined });
    expect(classifyFailure(failure, { ...SEND, signal: new AbortController().signal })).toBeInstanceOf(ConnectionError);
  });

  it('a port fetch refuses to use ("bad port"): never connected', () => {
    const error = classifyFailure(fetchFailure(new Error('bad port')), SEND);
    expect(error).toMatchObject({ connected: false, delivery: 'not-sent' });
    expect(classifyFailure(fetchFailure(new Error('bad port number')), SEND)).toMatchObject({ connected: true, delivery: 'unknown' });
  });

  it('a proxy refusal is read only from the start of a message, as undici writes it', () => {
    const quoted = withCode('upstream said: Proxy response (407) !== 200 when HTTP Tunneling', 'UND_ERR_ABORTED');
    expect(classifyFailure(fetchFailure(quoted), SEND)).toMatchObject({ connected: true, delivery: 'unknown' });
  });

  it('a read carries no delivery', () => {
    const refusal = withCode('Proxy response (407) !== 200 when HTTP Tunneling', 'UND_ERR_ABORTED');
    const error = classifyFailure(fetchFailure(refusal), { ...SEND, where: 'GET /api/v1/test', send: false });
    expect(error.delivery).toBeUndefined();
    expect(error.message).not.toContain('not sent');
  });
});
