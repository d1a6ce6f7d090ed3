import type { IncomingHttpHeaders } from 'node:http';
import { SandboxError } from '../errors.js';
import { checkGpRouteOutcome } from '../messages/transitions.js';
import { attachmentReply } from './attachment-reply.js';
import type { SandboxControls } from './controls.js';

/** A parsed control request. */
export interface ControlInput {
  /** The JSON body, or an empty object. */
  body: Record<string, unknown>;
  /** Decoded path parameters. */
  params: Readonly<Record<string, string>>;
  /** The query string (the console's filters). */
  query: URLSearchParams;
  /** Request headers. */
  headers: IncomingHttpHeaders;
}

/**
 * A control endpoint: its answer is the 200 JSON body (or 204 when
 * undefined), or a `ControlReply` for bytes, pages and streams.
 */
export interface ControlRoute {
  method: 'GET' | 'POST' | 'PUT';
  /** Path under `/_sandbox`. */
  path: string;
  handler: (input: ControlInput) => unknown;
}

/** Information the control API gives about the sandbox itself. */
export interface SandboxInfo {
  url: string;
  apiKey: string;
  forbiddenApiKey: string;
  recipients: readonly string[];
  topics: readonly string[];
}

function text(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || value === '') throw new SandboxError('invalid', `${key} must be a non-empty string.`);
  return value;
}

function userOptions(body: Record<string, unknown>) {
  const importFails = body.importFails;
  if (importFails !== undefined && typeof importFails !== 'boolean') throw new SandboxError('invalid', 'importFails must be a boolean.');
  return importFails === undefined ? {} : { importFails };
}

/**
 * The `/_sandbox/` control API: the handle's controls as JSON over HTTP, for
 * tools in other languages and for the command line. Documented in
 * docs/sandbox.md.
 */
export function controlRoutes(controls: SandboxControls, info: () => SandboxInfo): ControlRoute[] {
  return [
    { method: 'GET', path: '/_sandbox', handler: () => info() },
    { method: 'GET', path: '/_sandbox/stats', handler: () => controls.stats() },
    { method: 'GET', path: '/_sandbox/messages', handler: () => controls.listMessages() },
    {
      method: 'GET',
      path: '/_sandbox/messages/{messageId}',
      handler: ({ params }) => {
        const message = controls.getMessage(params.messageId);
        if (!message) throw new SandboxError('not-found', 'No such message in the sandbox.');
        return message;
      },
    },
    {
      method: 'GET',
      path: '/_sandbox/messages/{messageId}/attachments/{index}',
      handler: ({ params, query }) => attachmentReply(controls.attachment(params.messageId, params.index), query.has('download')),
    },
    { method: 'GET', path: '/_sandbox/requests', handler: () => controls.requests() },
    { method: 'GET', path: '/_sandbox/tokens', handler: () => controls.listTokens() },
    { method: 'GET', path: '/_sandbox/toolbar', handler: () => controls.runningToolbars() },
    { method: 'GET', path: '/_sandbox/widgets', handler: () => controls.listWidgets() },
    { method: 'POST', path: '/_sandbox/access-codes', handler: ({ body }) => ({ accessCode: controls.issueAccessCode(text(body, 'user')) }) },
    { method: 'POST', path: '/_sandbox/tokens/revoke', handler: ({ body }) => controls.revokeToken(text(body, 'token')) },
    { method: 'POST', path: '/_sandbox/toolbar/run', handler: ({ body }) => controls.runToolbar(text(body, 'user'), userOptions(body)) },
    { method: 'POST', path: '/_sandbox/toolbar/stop', handler: ({ body }) => controls.stopToolbar(text(body, 'user')) },
    { method: 'POST', path: '/_sandbox/toolbar/import', handler: ({ body }) => controls.toolbar('import', text(body, 'messageId')) },
    { method: 'POST', path: '/_sandbox/toolbar/reject', handler: ({ body }) => controls.toolbar('reject', text(body, 'messageId')) },
    { method: 'POST', path: '/_sandbox/toolbar/fail', handler: ({ body }) => controls.toolbar('fail', text(body, 'messageId')) },
    { method: 'POST', path: '/_sandbox/expire', handler: ({ body }) => controls.expire(text(body, 'messageId')) },
    {
      method: 'POST',
      path: '/_sandbox/gp-route/advance',
      handler: ({ body }) => controls.advance(text(body, 'messageId'), checkGpRouteOutcome(body.outcome)),
    },
    { method: 'GET', path: '/_sandbox/faults', handler: () => controls.faults() },
    {
      method: 'PUT',
      path: '/_sandbox/faults',
      handler: ({ body }) => {
        controls.setFaults(body);
        return controls.faults();
      },
    },
    { method: 'POST', path: '/_sandbox/faults/fail-next', handler: ({ body }) => controls.failNext(body) },
    { method: 'POST', path: '/_sandbox/reset', handler: () => controls.reset() },
  ];
}
