// The worklist's one request handler, on the Fetch API (node:http requests
// are adapted to it): the person first (nothing is read before `authorize`
// answers), then the page or the action. State changes refuse cross-site
// requests: the Origin (or Sec-Fetch-Site) must be this site's, and the
// request must carry htmx's own header, which no other site can send without
// a CORS preflight the worklist never grants (decisions D-WORKLIST-02 and
// D-WORKLIST-03). Before all of it, the Host must be one the worklist
// answers to (DNS rebinding; D-WORKLIST-08), and a form's body is read only
// once the person is known, within a size and a time.
import { html } from '../web/html.js';
import { crossSiteReason } from '../web/security.js';
import { UUID_PATTERN } from '../schemas/uuid.js';
import { ACTIONS, runAction } from './actions.js';
import { auditEntries, auditPage as readAuditPage, CSV_HEADER, csvLine, readAuditFilter } from './audit-view.js';
import type { LiveFeed } from './live.js';
import type { WorklistConfig, WorklistPerson, WorklistRequest } from './options.js';
import { explainError } from './outcomes.js';
import { auditPage } from './pages/audit.js';
import { crossSitePage, notFoundPage, serverErrorPage, unauthorizedPage, wrongHostPage } from './pages/errors.js';
import { readForm } from './form-body.js';
import { namesOf, practiceOf, referenceOf } from './app-words.js';
import { splitHost } from './hosts.js';
import type { Frame, PageKey } from './pages/layout.js';
import { messagePage, removedMessagePage, unknownMessagePage } from './pages/message.js';
import { queuePage } from './pages/queue.js';
import { attentionItems, groupedQueue, patientOf, readQueueFilter } from './queue.js';
import { assetResponse, fragmentResponse, pageResponse, redirectResponse } from './responses.js';

/** What one request's handling knows. */
interface Ctx {
  config: WorklistConfig;
  live: LiveFeed;
  request: Request;
  url: URL;
  /** The path below the base, starting with '/'. */
  path: string;
  person: WorklistPerson;
}

const frame = (config: WorklistConfig, person: WorklistPerson | null, current: PageKey): Frame => ({
  title: config.title,
  base: config.basePath,
  person,
  current,
  timeZone: config.timeZone,
});

/** A person's id as the audit may keep it; anything else from `authorize` is the app's mistake. */
function checkedPerson(value: unknown): WorklistPerson | null {
  if (value === null || value === undefined) return null;
  const p = value as Partial<WorklistPerson>;
  if (typeof p.id !== 'string' || p.id.trim() === '' || p.id.length > 200 || /\p{Cc}/u.test(p.id)) {
    throw new TypeError('authorize returned a person without a valid id (1 to 200 characters, no control characters)');
  }
  return { id: p.id, name: typeof p.name === 'string' && p.name.trim() !== '' ? p.name : undefined };
}

/** The handler of every request of one worklist. */
export function createHandler(config: WorklistConfig, live: LiveFeed): (request: Request, original: WorklistRequest) => Promise<Response> {
  const fail = (error: unknown, where: string): Response => {
    config.logger.error({ event: 'worklist.error', where, error: error instanceof Error ? error.name : typeof error }, `cdms worklist: ${where} failed`);
    return pageResponse(500, frame(config, null, 'none'), 'Error', serverErrorPage());
  };
  return async (request, original) => {
    const url = new URL(request.url);
    if (!config.hostAllowed(request.headers.get('host') ?? url.host)) return pageResponse(421, frame(config, null, 'none'), 'Wrong address', wrongHostPage());
    const base = config.basePath;
    if (url.pathname !== base && !url.pathname.startsWith(`${base}/`)) return pageResponse(404, frame(config, null, 'none'), 'Not found', notFoundPage(base));
    const path = url.pathname.slice(base.length) || '/';
    if (path.startsWith('/assets/') && (request.method === 'GET' || request.method === 'HEAD')) {
      return assetResponse(path.slice('/assets/'.length)) ?? pageResponse(404, frame(config, null, 'none'), 'Not found', notFoundPage(base));
    }
    let person: WorklistPerson | null;
    try {
      person = checkedPerson(await config.authorize(original));
    } catch (error) {
      return fail(error, 'authorize');
    }
    if (!person) return pageResponse(401, frame(config, null, 'none'), 'Sign in', unauthorizedPage());
    const ctx: Ctx = { config, live, request, url, path, person };
    try {
      if (request.method === 'POST') return await post(ctx);
      if (request.method === 'GET' || request.method === 'HEAD') return await get(ctx);
      return pageResponse(405, frame(config, person, 'none'), 'Not allowed', notFoundPage(base), { Allow: 'GET, HEAD, POST' });
    } catch (error) {
      return fail(error, `${request.method} ${routeName(path)}`);
    }
  };
}

/** A path's route, without its ids, for logs (a messageId is no secret, but logs need the route). */
function routeName(path: string): string {
  return path.replace(/[0-9a-f-]{36}/gi, ':id');
}

async function get(ctx: Ctx): Promise<Response> {
  const { config, path, person } = ctx;
  const query = ctx.url.searchParams;
  if (path === '/') return queue(ctx);
  if (path === '/events') return ctx.live.subscribe();
  if (path === '/audit') {
    const filter = readAuditFilter(query);
    const { items, next } = await readAuditPage(config, filter);
    const names = await namesOf(config, items.flatMap((e) => [e.by, e.assignee]), person);
    return pageResponse(200, frame(config, person, 'audit'), 'Audit', auditPage({ base: config.basePath, filter, items, next, names }));
  }
  if (path === '/audit.csv') return auditCsv(ctx);
  const m = /^\/messages\/([^/]+)$/.exec(path);
  if (m) return message(ctx, m[1] ?? '');
  return pageResponse(404, frame(config, person, 'none'), 'Not found', notFoundPage(config.basePath));
}

async function queue(ctx: Ctx): Promise<Response> {
  const { config, person } = ctx;
  const filter = readQueueFilter(ctx.url.searchParams);
  // A whole messageId: straight to its page (found or not); part of one filters the list.
  if (UUID_PATTERN.test(filter.find)) return redirectResponse(`${config.basePath}/messages/${filter.find}`);
  const { items, truncated } = await attentionItems(config);
  const groups = await groupedQueue(config, items, filter, person);
  const view = { base: config.basePath, person, filter, query: ctx.url.searchParams.toString(), all: items, groups, truncated, now: Date.now() };
  return pageResponse(200, frame(config, person, 'queue'), 'Needs a person', queuePage(view));
}

async function message(ctx: Ctx, id: string): Promise<Response> {
  const { config, person } = ctx;
  const found = UUID_PATTERN.test(id) ? await config.tracker.get(id) : undefined;
  if (!found) return notHeld(ctx, id);
  const [audit, patient, practice, replacement] = await Promise.all([
    config.tracker.audit({ messageId: found.messageId, limit: 1000 }),
    patientOf(config, found),
    practiceOf(config, found),
    found.replacedBy ? config.tracker.get(found.replacedBy) : undefined,
  ]);
  const can = { resend: config.resend !== undefined && config.tracker.send !== undefined, poll: config.tracker.pollNow !== undefined && found.stage === 'following' };
  const view = { base: config.basePath, person, message: found, audit: audit.items, patient, reference: referenceOf(config, found), practice, can, replacement };
  return pageResponse(200, frame(config, person, 'message'), `Message ${found.messageId}`, messagePage(view));
}

/** A message the ledger does not hold: removed by retention (the audit still names it), or never held. */
async function notHeld(ctx: Ctx, id: string): Promise<Response> {
  const { config, person } = ctx;
  if (UUID_PATTERN.test(id)) {
    const [removedAt, audit] = await Promise.all([config.tracker.removedAt?.(id), config.tracker.audit({ messageId: id, limit: 1 })]);
    // Only retention deletes a message; an audit entry proves the tracker held it.
    if (removedAt || audit.items.length > 0) return pageResponse(410, frame(config, person, 'message'), 'Message removed', removedMessagePage(config.basePath, id, removedAt ?? null));
  }
  return pageResponse(404, frame(config, person, 'message'), 'No such message', unknownMessagePage(config.basePath));
}

function auditCsv(ctx: Ctx): Response {
  const filter = readAuditFilter(ctx.url.searchParams);
  const entries = auditEntries(ctx.config, filter);
  const zone = ctx.config.timeZone;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(encoder.encode(CSV_HEADER)),
    pull: async (controller) => {
      const next = await entries.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(csvLine(next.value, zone)));
    },
    cancel: async () => {
      await entries.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="worklist-audit-${day}.csv"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** The hosts a state change's Origin may name: the request's own, the configured public origin's, the trusted proxy header's. */
function ownOrigin(config: WorklistConfig, request: Request, url: URL): (origin: string) => boolean {
  const host = (request.headers.get('host') ?? url.host).toLowerCase();
  const forwarded = config.trustForwardedHost ? request.headers.get(config.trustForwardedHost)?.split(',')[0]?.trim().toLowerCase() : undefined;
  return (origin) => {
    if (config.publicOrigin !== undefined && origin === config.publicOrigin) return true;
    let seen: URL;
    try {
      seen = new URL(origin);
    } catch {
      return false;
    }
    const named = seen.host.toLowerCase();
    return named === host || (forwarded !== undefined && splitHost(forwarded).name !== '' && named === forwarded);
  };
}

/** Why a state change is refused as cross-site, or undefined to go ahead. */
function crossSite(config: WorklistConfig, request: Request, url: URL): string | undefined {
  const header = (name: string) => request.headers.get(name) ?? undefined;
  const reason = crossSiteReason(header, ownOrigin(config, request, url));
  if (reason) return reason;
  if (header('hx-request') !== 'true') return "it does not carry the worklist page's own header";
  return undefined;
}

async function post(ctx: Ctx): Promise<Response> {
  const { config, request, person } = ctx;
  const m = /^\/messages\/([^/]+)\/([a-z-]+)$/.exec(ctx.path);
  const action = ACTIONS.find((a) => a === m?.[2]);
  const why = crossSite(config, request, ctx.url);
  if (why) return pageResponse(403, frame(config, person, 'none'), 'Refused', crossSitePage(why, config.basePath));
  if (!m || !action || !UUID_PATTERN.test(m[1] ?? '')) return pageResponse(404, frame(config, person, 'none'), 'Not found', notFoundPage(config.basePath));
  const messageId = m[1] ?? '';
  // Read up to the limit and no further (a chunked body declares no length), and no longer than the bound.
  const body = await readForm(request, config.formTimeoutMs);
  const close = { Connection: 'close' };
  if (body.kind === 'too-large') return fragmentResponse(413, html`<p class="outcome error" role="alert">The form is too large. Nothing was done.</p>`, close);
  if (body.kind === 'too-slow') return fragmentResponse(408, html`<p class="outcome error" role="alert">The form took too long to arrive. Nothing was done: try again.</p>`, close);
  const text = body.text;
  let outcome;
  try {
    outcome = await runAction(action, { config, messageId, person, form: new URLSearchParams(text) });
  } catch (error) {
    outcome = explainError(error, action);
    if (!outcome) throw error;
  }
  // After the swap: the live parts it refreshes hold the form that asked, and htmx drops the answer of a form no longer in the page.
  const trigger = outcome.changed ? { 'HX-Trigger-After-Swap': JSON.stringify({ 'cdms:messages': { ids: [messageId] }, [`cdms:message-${messageId}`]: '' }) } : {};
  return fragmentResponse(outcome.status, outcome.body, trigger, config.timeZone);
}
