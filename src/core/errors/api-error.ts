// Errors the service answered with: ApiError, one subclass per status (a
// factory picks it from the status and the problem), and the content
// rejection of an attachment.
import type { InvalidParameter, Problem } from '../../schemas/problem.js';
import { CdmsError, type Delivery } from './cdms-error.js';
import { contentRejection, type ContentRejection } from './content-rejection.js';

/** What the transport knows when the service answers with an error status. */
export interface ApiErrorInit {
  /** HTTP status code. */
  status: number;
  /** The parsed, redacted problem body, when the body was one. */
  problem: Problem | undefined;
  /** Response headers (kept non-enumerable on the error). */
  headers: Headers;
  /** HTTP method of the request. */
  method: string;
  /** Path of the request, relative to the base URL. */
  path: string;
  /** A short redacted excerpt of a body that was not a problem (an HTML page from a proxy). */
  bodyExcerpt?: string | undefined;
  /** Set for sends. */
  delivery?: Delivery | undefined;
  /** Which attachment's content was rejected, for {@link AttachmentContentRejectedError}. */
  attachmentIndex?: number | undefined;
  /** What kind of content rejection, for {@link AttachmentContentRejectedError}. */
  rejection?: ContentRejection | undefined;
}


/** What to do, by status: the second half of every API error message. */
const HINTS: Record<number, string> = {
  400: 'Correct the listed fields and send again.',
  401: 'Check that the API key (CDMS_API_KEY) is the one issued for this environment (integration and live keys differ).',
  403: 'The API key is valid but not authorised for this operation; ask the service operator to enable it.',
  404: 'No message with this id is visible to this key: check the id, the route (standard or GP) and the key; statuses are removed after expiry.',
  410: "The user's access token is no longer valid: ask the user for a new access code from the toolbar and exchange it.",
  500: 'The service failed internally; try again later.',
  503: 'The service could not reach the message-exchange infrastructure; try again later with the same messageId.',
};

/**
 * A 404 on a path that names no message cannot mean "no such message": the
 * endpoint itself is missing, most often because the base URL has a path
 * the service does not use.
 */
const NO_ENDPOINT_HINT =
  'The service has no such endpoint at this address: check the base URL (the service\'s root, such as https://host/, without /api/v1).';

const NAMES_A_MESSAGE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const REUSE_HINT = 'Query the status of the message that used this messageId, or send this one with a new messageId.';

function describeParameters(params: readonly InvalidParameter[]): string {
  if (params.length === 0) return '';
  const shown = params.slice(0, 5).map((p) => `${p.name}: ${p.reason}`);
  const more = params.length > shown.length ? `; and ${params.length - shown.length} more` : '';
  return ` Invalid: ${shown.join('; ')}${more}.`;
}

/**
 * Whether a problem refuses a send because its messageId was used before:
 * then the fix is not "correct the fields", and after an unclear attempt of
 * the same send it means that attempt arrived.
 */
export function isMessageIdReuse(problem: Problem | undefined): boolean {
  return (problem?.invalidParameters ?? []).some((p) => p.name === 'messageId' && /already|duplicate|in use|used/i.test(p.reason));
}

function buildMessage(init: ApiErrorInit): string {
  const p = init.problem;
  const title = p?.title ?? `HTTP ${init.status}`;
  const detail = p?.detail ? ` (${p.detail})` : init.bodyExcerpt ? ` (body: ${init.bodyExcerpt})` : '';
  const params = describeParameters(p?.invalidParameters ?? []);
  const hint = isMessageIdReuse(p)
    ? REUSE_HINT
    : init.status === 404 && !NAMES_A_MESSAGE.test(init.path)
      ? NO_ENDPOINT_HINT
      : (HINTS[init.status] ?? (init.status >= 500 ? HINTS[500] : 'See the problem details.'));
  // Said once: a service whose reason already gives the advice is not repeated.
  const advice = params.toLowerCase().includes('new messageid') && hint === REUSE_HINT ? '' : ` ${hint}`;
  return `${init.method} /${init.path} failed with ${init.status} ${title}${detail}.${params}${advice}`;
}

/**
 * Base of every error answered by the service with an HTTP error status.
 * Subclasses by status let callers branch with `instanceof`; other statuses
 * give a plain `ApiError`.
 */
export class ApiError extends CdmsError {
  /** Always `'ApiError'`. */
  override name = 'ApiError';
  /** HTTP status code. */
  readonly status: number;
  /** The problem body (redacted), when the service sent one. */
  readonly problem: Problem | undefined;
  /** The problem's `instance` ('urn:uuid:...'), to quote to the operator. */
  readonly instance: string | undefined;
  /** The problem's invalid parameters, or an empty list. */
  readonly invalidParameters: readonly InvalidParameter[];
  /** HTTP method of the failed request. */
  readonly method: string;
  /** Path of the failed request, relative to the base URL. */
  readonly path: string;
  /** Response headers. Non-enumerable, so `JSON.stringify(err)` leaves them out. */
  declare readonly headers: Headers;

  /** @param init - What the transport knows of the response. */
  constructor(init: ApiErrorInit) {
    super(buildMessage(init), { delivery: init.delivery });
    this.status = init.status;
    this.problem = init.problem;
    this.instance = init.problem?.instance;
    this.invalidParameters = init.problem?.invalidParameters ?? [];
    this.method = init.method;
    this.path = init.path;
    Object.defineProperty(this, 'headers', { value: init.headers, enumerable: false });
  }

  /**
   * Builds the error class that fits the status and problem: a content
   * rejection first (whatever its 4xx status), then the class of the status,
   * else `ApiError`.
   */
  static from(init: ApiErrorInit): ApiError {
    if (init.status >= 400 && init.status < 500) {
      const rejection = contentRejection(init.problem);
      if (rejection) return new AttachmentContentRejectedError({ ...init, ...rejection });
    }
    const Class = BY_STATUS[init.status] ?? ApiError;
    return new Class(init);
  }
}

/** 400: the request is invalid; `invalidParameters` lists the fields. */
export class BadRequestError extends ApiError {
  /** Always `'BadRequestError'`. */
  override name = 'BadRequestError';
}

/** 401: the API key is missing or not recognised. */
export class AuthenticationError extends ApiError {
  /** Always `'AuthenticationError'`. */
  override name = 'AuthenticationError';
}

/** 403: the API key is valid but not authorised for this operation. */
export class PermissionDeniedError extends ApiError {
  /** Always `'PermissionDeniedError'`. */
  override name = 'PermissionDeniedError';
}

/** 404: the message id was not found or is not visible to this key. */
export class NotFoundError extends ApiError {
  /** Always `'NotFoundError'`. */
  override name = 'NotFoundError';
}

/** 410: the instant access token is no longer valid. */
export class AccessTokenGoneError extends ApiError {
  /** Always `'AccessTokenGoneError'`. */
  override name = 'AccessTokenGoneError';
}

/** 500: the service failed internally. */
export class InternalServerError extends ApiError {
  /** Always `'InternalServerError'`. */
  override name = 'InternalServerError';
}

/** 503: the GP route could not reach the message-exchange infrastructure. */
export class ServiceUnavailableError extends ApiError {
  /** Always `'ServiceUnavailableError'`. */
  override name = 'ServiceUnavailableError';
}

/**
 * A 4xx whose problem names an attachment's content, or whose text mentions a
 * virus or malware scan. That content must not be sent again (spec, Errors
 * rule 3); the SDK remembers its hash and refuses it from then on: after a
 * virus-scan verdict whatever its type, after a format error with the same
 * declared type only (see {@link ContentRejection}).
 */
export class AttachmentContentRejectedError extends ApiError {
  /** Always `'AttachmentContentRejectedError'`. */
  override name = 'AttachmentContentRejectedError';
  /** Index of the rejected attachment; undefined when the problem does not say which one. */
  readonly attachmentIndex: number | undefined;
  /** A virus-scan verdict, or content that is not what its mime type says. */
  readonly rejection: ContentRejection;

  /** @param init - As for {@link ApiError}, with the attachment index and the kind of rejection. */
  constructor(init: ApiErrorInit) {
    super(init);
    this.attachmentIndex = init.attachmentIndex;
    this.rejection = init.rejection ?? 'virus-scan';
    this.message +=
      this.rejection === 'virus-scan'
        ? ' The attachment failed the virus scan: do not resend its content, under any type or name.'
        : ' The attachment content is not what its mimeType says: do not resend it with that type; send the right file, or the same file with its real type.';
  }
}

const BY_STATUS: Record<number, new (init: ApiErrorInit) => ApiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  410: AccessTokenGoneError,
  500: InternalServerError,
  503: ServiceUnavailableError,
};
