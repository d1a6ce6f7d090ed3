import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AttachmentContentRejectedError,
  AttachmentPreviouslyRejectedError,
  AuthenticationError,
  BadRequestError,
  CdmsError,
  ConnectionError,
  InternalServerError,
  LocalValidationError,
  ResponseValidationError,
  ServiceUnavailableError,
  TimeoutError,
  type ApiErrorInit,
} from '../../../src/index.js';
import { classifySendError } from '../../../src/tracker/decide/send-verdict.js';
import { describeError } from '../../../src/tracker/decide/describe-error.js';

const init: ApiErrorInit = { status: 500, problem: undefined, headers: new Headers(), method: 'POST', path: 'messages' };
const reused = { title: 'Bad Request', status: 400, invalidParameters: [{ name: 'messageId', reason: 'has already been used' }] };

describe('classifySendError', () => {
  it('local refusals: nothing was sent, so nothing is kept', () => {
    const invalid = new LocalValidationError([{ name: 'topic', reason: 'is required' }]);
    expect(classifySendError(invalid, false)).toMatchObject({ kind: 'refused', error: invalid });
    const before = new AttachmentPreviouslyRejectedError(0);
    expect(classifySendError(before, false)).toMatchObject({ kind: 'refused', error: before });
  });

  it("an attachment's content rejected by the service: never resent", () => {
    expect(classifySendError(new AttachmentContentRejectedError({ ...init, status: 422 }), false).kind).toBe('content-rejected');
  });

  it('certainly not delivered, for a reason that may pass: resent later', () => {
    for (const error of [
      new ServiceUnavailableError({ ...init, status: 503 }),
      new InternalServerError({ ...init, status: 500 }),
      new ApiError({ ...init, status: 429 }),
      new ApiError({ ...init, status: 408 }),
      new ConnectionError('refused', false),
    ]) {
      expect(classifySendError(error, false).kind, error.name).toBe('retry-later');
    }
  });

  it('certainly not delivered, and the same request cannot help: failed', () => {
    expect(classifySendError(new BadRequestError({ ...init, status: 400 }), false).kind).toBe('failed');
    expect(classifySendError(new AuthenticationError({ ...init, status: 401 }), false).kind).toBe('failed');
  });

  it('may have arrived: confirmed before any resend', () => {
    expect(classifySendError(new ConnectionError('reset mid-request', true, { delivery: 'unknown' }), false).kind).toBe('unconfirmed');
    expect(classifySendError(new ResponseValidationError('Send', 201, []), false).kind).toBe('unconfirmed');
    expect(classifySendError(new Error('from the app'), false).kind).toBe('unconfirmed');
  });

  it("an attempt that timed out or broke mid-request may have arrived, whatever the error's delivery says", () => {
    // A client may say not-sent after a 404 from the status endpoint while the request was still on its way:
    // the kind of the error is the attempt's own, and it says the request may be at the service.
    for (const error of [
      new TimeoutError('no answer'),
      new TimeoutError('no answer', { delivery: 'not-sent' }),
      new ConnectionError('reset mid-request', true, { delivery: 'not-sent' }),
      new ResponseValidationError('Send', 201, [], { delivery: 'not-sent' }),
    ]) {
      expect(classifySendError(error, false).kind, `${error.name} ${error.delivery ?? ''}`).toBe('unconfirmed');
      expect(classifySendError(error, true).kind, `${error.name} ${error.delivery ?? ''} (resend)`).toBe('unconfirmed');
    }
  });

  it("the client's unknown is always believed, even on an answer that alone would be certain", () => {
    const error = new ServiceUnavailableError({ ...init, status: 503 });
    error.delivery = 'unknown';
    expect(classifySendError(error, false).kind).toBe('unconfirmed');
  });

  it('"messageId already used" means an earlier attempt arrived on a resend, and an id clash on a first send', () => {
    const error = new BadRequestError({ ...init, status: 400, problem: reused });
    expect(classifySendError(error, true).kind).toBe('unconfirmed');
    expect(classifySendError(error, false).kind).toBe('failed');
  });

  it('every verdict but refused carries the error described safely', () => {
    const error = new ServiceUnavailableError({ ...init, status: 503 });
    expect(classifySendError(error, false)).toEqual({ kind: 'retry-later', detail: describeError(error) });
  });
});

describe('describeError', () => {
  it("keeps the SDK's own message (written never to hold patient data), up to 500 characters", () => {
    expect(describeError(new CdmsError('The service said no.'))).toBe('CdmsError: The service said no.');
    expect(describeError(new CdmsError('x'.repeat(600)))).toHaveLength(500);
  });

  it("names any other error only: its message may hold anything", () => {
    const described = describeError(new TypeError('patient Jane Doe 943 476 5919'));
    expect(described).toContain('TypeError');
    expect(described).not.toContain('Jane');
    expect(describeError('a thrown string')).toMatch(/^string: /);
  });
});

describe('classifySendError: the edges', () => {
  it('something thrown that is no error at all (undefined, a string): unconfirmed, since nothing says it was not sent', () => {
    expect(classifySendError(undefined, false)).toMatchObject({ kind: 'unconfirmed' });
    expect(classifySendError('boom', true)).toMatchObject({ kind: 'unconfirmed' });
  });

  it('"messageId already used" with a status other than 400 on a resend is no proof of arrival: failed', () => {
    expect(classifySendError(new ApiError({ ...init, status: 409, problem: { ...reused, status: 409 } }), true).kind).toBe('failed');
    expect(classifySendError(new BadRequestError({ ...init, status: 400, problem: reused }), true).kind).toBe('unconfirmed');
  });
});

describe('describeError at its limit', () => {
  it('exactly 500 characters are kept whole; 501 are cut to 500, the cut marked', () => {
    const exactly = 'x'.repeat(500 - 'CdmsError: '.length);
    expect(describeError(new CdmsError(exactly))).toBe(`CdmsError: ${exactly}`);
    const over = describeError(new CdmsError(`${exactly}y`));
    expect(over).toHaveLength(500);
    expect(over.endsWith('…')).toBe(true);
  });
});
