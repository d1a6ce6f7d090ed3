import { randomUUID } from 'node:crypto';
import type { InvalidParameter } from '../../schemas/problem.js';
import type { SandboxResponse } from './response.js';

/**
 * The `type` of the sandbox's validation problems. The spec names a
 * validation-error problem type without giving its URI; this one is the
 * sandbox's own and deliberately does not resolve (`.invalid`, RFC 6761).
 */
export const VALIDATION_PROBLEM_TYPE = 'https://sandbox.cdms.invalid/problems/validation-error';

/** The `title` of validation problems (the spec's example). */
export const VALIDATION_PROBLEM_TITLE = 'Request Validation Error';

const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The members of a problem other than `status` and `instance`. */
export interface ProblemInit {
  /** URI of the problem type. @defaultValue 'about:blank' */
  type?: string;
  /** Short summary. @defaultValue the HTTP reason phrase (RFC 9457 section 4.2.1) */
  title?: string;
  /** This occurrence, in words; never patient data. */
  detail?: string;
  /** Offending fields. */
  invalidParameters?: readonly InvalidParameter[];
}

/**
 * An RFC 9457 problem response (application/problem+json) with a fresh
 * `urn:uuid:` instance, as the spec's Problem table describes.
 */
export function problem(status: number, init: ProblemInit = {}, headers: Record<string, string> = {}): SandboxResponse {
  const body: Record<string, unknown> = {
    type: init.type ?? 'about:blank',
    title: init.title ?? REASON_PHRASES[status] ?? 'Error',
    status,
    instance: `urn:uuid:${randomUUID()}`,
  };
  if (init.detail !== undefined) body.detail = init.detail;
  if (init.invalidParameters !== undefined) body.invalidParameters = init.invalidParameters;
  return { status, body, contentType: 'application/problem+json', headers };
}

/** A 400 validation problem listing the offending fields. */
export function validationProblem(invalidParameters: readonly InvalidParameter[], detail?: string): SandboxResponse {
  return problem(400, {
    type: VALIDATION_PROBLEM_TYPE,
    title: VALIDATION_PROBLEM_TITLE,
    detail: detail ?? 'The request is invalid; see invalidParameters.',
    invalidParameters,
  });
}
