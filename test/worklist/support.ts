// What the worklist's tests share: a tracker on the sandbox with messages
// that need a person, a worklist over it served by node:http, the person a
// request names (the tests' stand-in for an app's sign-in), and requests as
// the page's own buttons make them.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, inject } from 'vitest';
import type { LogFields } from '../../src/index.js';
import type { Tracker } from '../../src/tracker/index.js';
import { createWorklist, type Worklist, type WorklistOptions, type WorklistRequest } from '../../src/worklist/index.js';
import { standardMessage } from '../contract/support.js';
import { PATIENT } from '../helpers/fixtures.js';
import type { useSandbox } from '../sandbox/support.js';
import { attentionOf, freshSchema, type Engine } from '../tracker/support.js';

/**
 * A ledger for a whole test file (the tracker tests' helper removes its
 * databases after each test): a fresh directory for the embedded ledger,
 * or a fresh schema on the test PostgreSQL server. `remove()` after closing.
 */
export function fileDatabase(engine: Engine): { database: string; schema?: string; remove(): void } {
  if (engine === 'PostgreSQL') return { database: inject('postgresUrl'), schema: freshSchema(), remove: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'cdms-worklist-test-'));
  return { database: dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The header the tests sign in with (an app would read its own session). */
export const TEST_USER_HEADER = 'x-test-user';

/** The cookie the browser tests sign in with. */
export const TEST_USER_COOKIE = 'cdms_test_user';

/** The tests' sign-in: the person named by a header (or, for a browser, a cookie); nobody without either. */
export function headerAuthorize(request: WorklistRequest): { id: string; name: string } | null {
  const get = (name: string) => (request instanceof Request ? (request.headers.get(name) ?? undefined) : request.headers[name]);
  const cookie = get('cookie');
  const fromCookie = typeof cookie === 'string' ? new RegExp(`(?:^|; )${TEST_USER_COOKIE}=([a-z]+)`).exec(cookie)?.[1] : undefined;
  const value = get(TEST_USER_HEADER) ?? fromCookie;
  return typeof value === 'string' && value !== '' ? { id: value, name: `${value[0]?.toUpperCase()}${value.slice(1)}` } : null;
}

/** Log lines a worklist wrote. */
export interface LogLine {
  level: string;
  fields: LogFields;
  message: string;
}

/** A worklist over node:http on a free port, closed after each test. */
export function useWorklists(): (tracker: Tracker, options?: Partial<WorklistOptions>) => Promise<{ worklist: Worklist; url: string; logs: LogLine[] }> {
  const open: { worklist: Worklist; server: Server }[] = [];
  afterEach(async () => {
    for (const { worklist, server } of open.splice(0)) {
      await worklist.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
  return async (tracker, options = {}) => {
    const logs: LogLine[] = [];
    const log = (level: string) => (fields: LogFields, message: string) => logs.push({ level, fields, message });
    const worklist = createWorklist({
      tracker,
      authorize: headerAuthorize,
      basePath: '/worklist',
      liveCheckMs: 100,
      logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
      patient: () => ({ nhsNumber: PATIENT.nhsNumber, name: `${PATIENT.family.toUpperCase()}, ${PATIENT.given}` }),
      ...options,
    });
    const server = createServer(worklist.handle);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    open.push({ worklist, server });
    return { worklist, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/worklist`, logs };
  };
}

/** A POST as the worklist's own page makes it (htmx's header, the page's Origin). */
export function pagePost(url: string, user: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  const origin = new URL(url).origin;
  return fetch(url, {
    method: 'POST',
    headers: { [TEST_USER_HEADER]: user, 'HX-Request': 'true', Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
}

/** A GET as a signed-in person. */
export function pageGet(url: string, user = 'alice'): Promise<Response> {
  return fetch(url, { headers: { [TEST_USER_HEADER]: user }, redirect: 'manual' });
}

/** Sends a message and has the practice reject it (or lets it expire); resolves once the tracker raised it. */
export async function raise(
  env: ReturnType<typeof useSandbox>,
  tracker: Tracker,
  how: 'reject' | 'expire',
  overrides: Parameters<typeof standardMessage>[0] = {},
): Promise<string> {
  const { messageId } = await tracker.send('standard', standardMessage(overrides));
  if (how === 'reject') env.sandbox.toolbar.reject(messageId);
  else env.sandbox.expire(messageId);
  await attentionOf(tracker, messageId, how === 'reject' ? 'rejected' : 'expired');
  return messageId;
}
