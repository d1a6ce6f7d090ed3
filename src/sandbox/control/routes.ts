import type { IncomingHttpHeaders } from 'node:http';
import { SandboxError } from '../errors.js';
import { checkGpRouteOutcome } from '../messages/transitions.js';
import { attachmentReply } from './attachment-reply.js';
import { CONTROL_PATHS } from './paths.js';
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
  /** Its path: one of `CONTROL_PATHS` or `CONSOLE_PATHS` (control/paths.ts), `{name}` marking a parameter. */
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
    { method: 'GET', path: CONTROL_PATHS.info, handler: () => info() },
    { method: 'GET', path: CONTROL_PATHS.stats, handler: () => controls.stats() },
    { method: 'GET', path: CONTROL_PATHS.messages, handler: () => controls.listMessages() },
    {
      method: 'GET',
      path: CONTROL_PATHS.message,
      handler: ({ params }) => {
        const message = controls.getMessage(params.messageId);
        if (!message) throw new SandboxError('not-found', 'No such message in the sandbox.');
        return message;
      },
    },
    {
      method: 'GET',
      path: CONTROL_PATHS.attachment,
      handler: ({ params, query }) => attachmentReply(controls.attachment(params.messageId, params.index), query.has('download')),
    },
    { method: 'GET', path: CONTROL_PATHS.requests, handler: () => controls.requests() },
    { method: 'GET', path: CONTROL_PATHS.tokens, handler: () => controls.listTokens() },
    { method: 'GET', path: CONTROL_PATHS.toolbar, handler: () => controls.runningToolbars() },
    { method: 'GET', path: CONTROL_PATHS.widgets, handler: () => controls.listWidgets() },
    { method: 'POST', path: CONTROL_PATHS.accessCodes, handler: ({ body }) => ({ accessCode: controls.issueAccessCode(text(body, 'user')) }) },
    { method: 'POST', path: CONTROL_PATHS.revokeToken, handler: ({ body }) => controls.revokeToken(text(body, 'token')) },
    { method: 'POST', path: CONTROL_PATHS.toolbarRun, handler: ({ body }) => controls.runToolbar(text(body, 'user'), userOptions(body)) },
    { method: 'POST', path: CONTROL_PATHS.toolbarStop, handler: ({ body }) => controls.stopToolbar(text(body, 'user')) },
    { method: 'POST', path: CONTROL_PATHS.toolbarImport, handler: ({ body }) => controls.toolbar('import', text(body, 'messageId')) },
    { method: 'POST', path: CONTROL_PATHS.toolbarReject, handler: ({ body }) => controls.toolbar('reject', text(body, 'messageId')) },
    { method: 'POST', path: CONTROL_PATHS.toolbarFail, handler: ({ body }) => controls.toolbar('fail', text(body, 'messageId')) },
    { method: 'POST', path: CONTROL_PATHS.expire, handler: ({ body }) => controls.expire(text(body, 'messageId')) },
    {
      method: 'POST',
      path: CONTROL_PATHS.gpRouteAdvance,
      handler: ({ body }) => controls.advance(text(body, 'messageId'), checkGpRouteOutcome(body.outcome)),
    },
    { method: 'GET', path: CONTROL_PATHS.faults, handler: () => controls.faults() },
    {
      method: 'PUT',
      path: CONTROL_PATHS.faults,
      handler: ({ body }) => {
        controls.setFaults(body);
        return controls.faults();
      },
    },
    { method: 'POST', path: CONTROL_PATHS.failNext, handler: ({ body }) => controls.failNext(body) },
    { method: 'POST', path: CONTROL_PATHS.reset, handler: () => controls.reset() },
  ];
}
