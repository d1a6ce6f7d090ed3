import type { IncomingMessage, ServerResponse } from 'node:http';
import { CONTROL_PATHS } from '../control/paths.js';
import type { ControlRoute } from '../control/routes.js';
import { SandboxError } from '../errors.js';
import { parseJsonBody, readBody } from '../http/body.js';
import { problem } from '../http/problems.js';
import { ControlReply } from '../http/reply.js';
import { empty, json, writeResponse, type SandboxResponse } from '../http/response.js';
import type { Router } from '../http/router.js';
import { refuseCrossSite } from './cross-site.js';

/** Control requests are small JSON objects. */
const MAX_CONTROL_BODY_BYTES = 64 * 1024;

const STATUS_BY_CODE = { 'not-found': 404, conflict: 409, invalid: 400 } as const;

type ControlBody = { ok: true; body: Record<string, unknown> } | { ok: false; response: SandboxResponse };

/** What the control side needs: its routes, and the interface bound (for the Host check). */
export interface ControlContext {
  router: Router<ControlRoute>;
  bindHost: string;
  /** Called after each state-changing control request (the console's live updates). */
  changed: () => void;
}

async function readControlBody(req: IncomingMessage): Promise<ControlBody> {
  const read = await readBody(req, MAX_CONTROL_BODY_BYTES);
  if (!read.ok) return { ok: false, response: problem(413, { detail: 'Control requests are at most 64 KiB.' }) };
  if (read.bytes.length === 0) return { ok: true, body: {} };
  const parsed = parseJsonBody(read.bytes);
  if (!parsed.ok || parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
    return { ok: false, response: problem(400, { detail: 'A control request body must be a JSON object.' }) };
  }
  return { ok: true, body: parsed.value as Record<string, unknown> };
}

async function run(route: ControlRoute, input: Parameters<ControlRoute['handler']>[0]): Promise<SandboxResponse | ControlReply> {
  try {
    const result: unknown = await route.handler(input);
    if (result instanceof ControlReply) return result;
    return result === undefined ? empty(204) : json(result);
  } catch (error) {
    if (error instanceof SandboxError) return problem(STATUS_BY_CODE[error.code], { detail: error.message });
    throw error;
  }
}

/**
 * One control request (the `/_sandbox/` API and the console). No API key is
 * asked: the sandbox listens on loopback by default and holds only made-up
 * data; requests a web page could have made are refused first (see
 * cross-site.ts). Faults never apply here, and nothing is counted.
 */
export async function handleControl(ctx: ControlContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const refused = refuseCrossSite(req, ctx.bindHost);
  if (refused) return writeResponse(res, refused);
  const { pathname } = url;
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const found = ctx.router.match(req.method ?? 'GET', path);
  if (!found) return writeResponse(res, problem(404, { detail: `No such control endpoint; GET ${CONTROL_PATHS.info} lists the sandbox.` }));
  if ('allow' in found) return writeResponse(res, problem(405, { detail: 'Method not allowed here.' }, { Allow: found.allow.join(', ') }));
  const read = await readControlBody(req);
  if (!read.ok) return writeResponse(res, read.response);
  const answer = await run(found.route, { body: read.body, params: found.params, query: url.searchParams, headers: req.headers });
  if (answer instanceof ControlReply) answer.write(req, res);
  else writeResponse(res, answer);
  if (found.route.method !== 'GET') ctx.changed();
}
