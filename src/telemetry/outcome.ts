// How an outcome is described in attributes. Only names and codes: never an
// error's text beyond the SDK's own safe message, never a field's value.
import { ApiError, AttachmentContentRejectedError } from '../core/errors/api-error.js';
import { CdmsError } from '../core/errors/cdms-error.js';
import { AttachmentPreviouslyRejectedError, type LocalValidationError } from '../core/errors/local-errors.js';

/** `error.type` of an operation: the error's class name, `_OTHER` for a value that is not an Error. */
export function errorTypeOf(error: unknown): string {
  return error instanceof Error ? error.name : '_OTHER';
}

/** `error.type` of an HTTP attempt: the status code of an HTTP error (semantic conventions), else the class name. */
export function attemptErrorType(error: unknown, status: number | undefined): string {
  return status !== undefined && status >= 400 ? String(status) : errorTypeOf(error);
}

/** `2xx` ... `5xx`, or `none` when no response arrived. */
export function statusClassOf(status: number | undefined): string {
  return status === undefined ? 'none' : `${Math.floor(status / 100)}xx`;
}

/** The HTTP status an error came with, if it came with one. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

const MAX_RULE_LENGTH = 80;

/**
 * The rules a local validation refusal broke, one per field: the field's
 * path with indices dropped (`attachments[].content`), so the metric's
 * values stay few. Field names are the SDK's own or screened unknown keys
 * (validation never shows a key that looks like data); longer ones are `other`.
 */
export function refusedRules(error: LocalValidationError): string[] {
  return error.invalidParameters.map(({ name }) => {
    const rule = name.replace(/\[\d+\]/g, '[]');
    return rule.length > MAX_RULE_LENGTH || /\d{4}/.test(rule) ? 'other' : rule;
  });
}

/** Where attachment content was refused: by the service, locally as refused before, or neither. */
export function contentRefusalOf(error: unknown): 'service' | 'previously-rejected' | undefined {
  if (error instanceof AttachmentContentRejectedError) return 'service';
  return error instanceof AttachmentPreviouslyRejectedError ? 'previously-rejected' : undefined;
}

/** The error's own message when it is the SDK's (written to be safe); nothing for anything else. */
export function safeMessageOf(error: unknown): string | undefined {
  return error instanceof CdmsError ? error.message : undefined;
}
