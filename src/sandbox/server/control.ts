import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ControlRoute } from '../control/routes.js';
import { SandboxError } from '../errors.js';
import { parseJsonBody, readBody } from '../http/body.js';
import { problem } from '../http/problems.js';
import { empty, json, writeResponse, type SandboxResponse } from '../http/response.js';
import type { Router } from '../http/router.js';

/** Control requests are small JSON objects. */
const MAX_CONTROL_BODY_BYTES = 64 * 1024;

const STATUS_BY_CODE = { 'not-found': 404, conflict: 409, invalid: 400 } as const;

type ControlBody = { ok: true; body: Record<string, unknown> } | { ok: false; response: SandboxResponse };

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

async function run(route: ControlRoute, body: Record<string, unknown>, params: Record<string, string>): Promise<SandboxResponse> {
  try {
    const result: unknown = await route.handler({ body, params });
    return result === undefined ? empty(204) : json(result);
  } catch (error) {
    if (error instanceof SandboxError) return problem(STATUS_BY_CODE[error.code], { detail: error.message });
    throw error;
  }
}

/**
 * One control request. No API key is asked: the sandbox listens on loopback
 * by default and holds only made-up data (docs/sandbox.md says what binding
 * another interface exposes). Faults never apply here, and nothing is counted.
 */
export async function handleControl(router: Router<ControlRoute>, req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const found = router.match(req.method ?? 'GET', path);
  if (!found) return writeResponse(res, problem(404, { detail: 'No such control endpoint; GET /_sandbox lists the sandbox.' }));
  if ('allow' in found) return writeResponse(res, problem(405, { detail: 'Method not allowed here.' }, { Allow: found.allow.join(', ') }));
  const read = await readControlBody(req);
  writeResponse(res, read.ok ? await run(found.route, read.body, found.params) : read.response);
}
