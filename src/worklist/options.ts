// The worklist's options as an app gives them, checked once, with defaults:
// who the person is (the app's sign-in, through `authorize`), where the pages
// live, what the app can send again, and what it knows of the patient.
import { ConfigurationError } from '../core/errors/cdms-error.js';
import { silentLogger, type Logger } from '../core/logger.js';
import type { GpConnectMessageParams } from '../schemas/gpconnect.js';
import type { StandardMessageParams } from '../schemas/message.js';
import type { TrackedMessage, TrackedMessageSummary } from '../tracker/index.js';
import type { WorklistTracker } from './tracker-port.js';
import { checkedBasePath, checkedOrigin, hostRule } from './hosts.js';
import { checkedTimeZone } from '../core/local-time.js';

/** The person using the worklist, as the app's sign-in knows them. */
export interface WorklistPerson {
  /** Their id (a user name, an e-mail address, a staff number): every audit entry names them by it. 1 to 200 characters. */
  id: string;
  /** How the pages greet them. @defaultValue their id */
  name?: string | undefined;
}

/**
 * What the worklist reads of a node:http request (`http.IncomingMessage`,
 * which is what `handle` is given: Express's and Koa's requests are one).
 * Declared here rather than imported from node's types, so that a project
 * without `@types/node` still compiles against the package.
 */
export interface WorklistNodeRequest extends AsyncIterable<unknown> {
  /** The request's method. */
  method?: string | undefined;
  /** Its path and query. */
  url?: string | undefined;
  /** Its headers, lower-cased. */
  headers: Record<string, string | string[] | undefined>;
  /** True once its body has been read (by a framework's body parser). */
  readonly readableEnded?: boolean | undefined;
}

/** What the worklist calls on a node:http response (`http.ServerResponse`). */
export interface WorklistNodeResponse {
  /** True once the status and headers are written. */
  readonly headersSent: boolean;
  /** Writes the status and headers. */
  writeHead(statusCode: number, headers: Record<string, string>): unknown;
  /** Sends the headers now (a live event stream starts at once). */
  flushHeaders(): void;
  /** Writes part of the body; false when the caller should wait for `drain`. */
  write(chunk: Uint8Array): boolean;
  /** Ends the response. */
  end(): unknown;
  /** Listens for the connection's end or the buffer's draining. */
  on(event: 'close', listener: () => void): unknown;
  /** Listens once. */
  once(event: 'close' | 'drain', listener: () => void): unknown;
  /** Stops listening. */
  off(event: 'close', listener: () => void): unknown;
}

/**
 * A request as `authorize` receives it: node's `IncomingMessage` from
 * `handle` (so an Express or Koa app's session is on it: cast it to your
 * framework's request type), the Fetch API `Request` from `fetch`.
 */
export type WorklistRequest = WorklistNodeRequest | Request;

/**
 * What the app knows of a message's patient, for staff to find the record.
 * The tracker's ledger keeps no patient data, so only the app (which holds
 * the document) can say.
 */
export interface WorklistPatient {
  /** The NHS number (shown 3-3-4). */
  nhsNumber?: string | undefined;
  /** The patient's name, as the app holds it. */
  name?: string | undefined;
}

/**
 * What the app knows of the practice a message went to, for staff told to
 * phone it: the tracker knows only an ODS code (`UNK` on the GP route).
 */
export interface WorklistPractice {
  /** The practice's name, as staff know it ("Riverside Surgery"). */
  name: string;
  /** The number staff phone, as they dial it ("01632 960 123"). */
  phone?: string | undefined;
}

/** A message the app gives to send again: for the GP route a GP-route message, otherwise a standard one. */
export type WorklistResendMessage = StandardMessageParams | GpConnectMessageParams;

/** Options of {@link createWorklist}. `tracker` and `authorize` are required. */
export interface WorklistOptions {
  /** The tracker whose attention list the worklist shows and acts on. */
  tracker: WorklistTracker;
  /**
   * Who is asking: the app's own sign-in, checked on every request before
   * anything is read. Return the person, or `null` for a request that must
   * see nothing (it gets a 401 page with nothing from the ledger). The
   * audit's person always comes from here, never from a form. There is no
   * anonymous mode.
   */
  authorize: (request: WorklistRequest) => WorklistPerson | null | Promise<WorklistPerson | null>;
  /** Where the worklist is mounted: every page and action lives under it. @defaultValue '' (the root) */
  basePath?: string | undefined;
  /**
   * The message to send again for an item, or `null` when the app cannot
   * (it owns the document: the ledger erased the content once the service
   * held it). The worklist sends it through the tracker as a new message that
   * replaces the old one. Without it, the worklist offers no "Send again".
   * An instant message is sent again as a standard one (there is no user's
   * access token to send it with).
   */
  resend?: ((item: TrackedMessage, person: WorklistPerson) => WorklistResendMessage | null | Promise<WorklistResendMessage | null>) | undefined;
  /**
   * The patient of a message, for staff to find the record: the NHS number
   * (shown 3-3-4) and name, as the app holds them (look them up by
   * `messageId` or by your own reference in `metadata`). Without it the
   * pages show none. Shown on the pages only: never in a URL, a log or a
   * notification.
   */
  patient?: ((item: TrackedMessageSummary) => WorklistPatient | null | Promise<WorklistPatient | null>) | undefined;
  /**
   * The app's own reference for a message's document (its letter or episode
   * number, usually kept in the message's `metadata`): the link text on the
   * list and the heading of the message's page, in place of the messageId
   * (which stays on hover and among the message's facts). Synchronous: it
   * reads the item it is given, called once per row. Return null for none.
   * @defaultValue none: the messageId is the link text
   */
  reference?: ((item: TrackedMessageSummary) => string | null | undefined) | undefined;
  /**
   * The practice a message went to, by name and telephone number, from the
   * app's directory: shown beside the ODS code, and under "What to do" where
   * staff are told to phone the practice. Given the whole item (not only the
   * ODS code, which is `UNK` on the GP route) and may be asynchronous. A
   * lookup that fails or returns null leaves the ODS code and a line saying
   * the number is not known here.
   */
  practice?: ((item: TrackedMessageSummary) => WorklistPractice | null | undefined | Promise<WorklistPractice | null | undefined>) | undefined;
  /**
   * A person's name from their id (the id `authorize` gave, which the audit
   * keeps), for the audit page: the name is shown, the id on hover. Without
   * it, or when it returns null, the id is shown (the signed-in person's own
   * entries show the name `authorize` gave).
   */
  personName?: ((id: string) => string | null | undefined | Promise<string | null | undefined>) | undefined;
  /** The pages' title. @defaultValue 'Clinical documents worklist' */
  title?: string | undefined;
  /** Receives the worklist's log events: failures only, never patient data or query strings. @defaultValue silent */
  logger?: Logger | undefined;
  /** How often the ledger is checked for changes while a page is open, in milliseconds. @defaultValue 2_000 */
  liveCheckMs?: number | undefined;
  /**
   * The names the worklist answers to (the request's `Host`): `'worklist.example.nhs.uk'`
   * (any port), `'localhost:8080'` (that port only), or `'.example.nhs.uk'` (the domain
   * and every name under it). A request naming any other host is refused with 421 before
   * `authorize` is asked, which stops a DNS-rebinding page (a site of the attacker's,
   * its name pointed at this server) from reading or acting through the worklist.
   * Give it whenever `authorize` does not rest on a cookie or credential the browser keeps
   * per site (a fixed person, a network address, a header a proxy sets).
   * The host of `publicOrigin` is always allowed.
   * @defaultValue any host: a browser sends an app's session cookie only to the app's own name, so a rebinding page is not signed in
   */
  allowedHosts?: readonly string[] | undefined;
  /**
   * The origin people's browsers use, such as `'https://worklist.example.nhs.uk'`, for a
   * worklist behind a reverse proxy that rewrites `Host` (nginx's and Apache's default):
   * a state change is accepted from this origin. Without it, the origin is the request's own `Host`.
   */
  publicOrigin?: string | undefined;
  /**
   * A header the app's reverse proxy always sets (overwriting any a browser sent) to the
   * host people's browsers asked for, such as `'X-Forwarded-Host'`: a state change is
   * accepted from an Origin with that host. Name it only when the proxy sets it on every request.
   */
  trustForwardedHost?: string | undefined;
  /**
   * How long a form's body may take to arrive, in milliseconds, once `authorize` has
   * accepted the person; a slower one is refused with 408 (a form is a few hundred bytes).
   * @defaultValue 5_000
   */
  formTimeoutMs?: number | undefined;
  /**
   * The time zone the pages and the audit's CSV show times in (an IANA name).
   * The pages say the zone's name (`BST`, `GMT`); the CSV gives ISO 8601 with the offset.
   * @defaultValue 'Europe/London'
   */
  timeZone?: string | undefined;
}

/** The options checked, with defaults. Internal. */
export interface WorklistConfig {
  tracker: WorklistTracker;
  authorize: WorklistOptions['authorize'];
  basePath: string;
  resend: WorklistOptions['resend'];
  patient: WorklistOptions['patient'];
  reference: WorklistOptions['reference'];
  practice: WorklistOptions['practice'];
  personName: WorklistOptions['personName'];
  title: string;
  logger: Logger;
  liveCheckMs: number;
  /** Whether a Host header names this worklist. */
  hostAllowed: (host: string) => boolean;
  /** The origins a state change may come from, besides the request's own host's. */
  publicOrigin: string | undefined;
  trustForwardedHost: string | undefined;
  formTimeoutMs: number;
  timeZone: string;
}

/** Checks the options and fills in the defaults. @throws ConfigurationError */
export function resolveWorklistOptions(options: WorklistOptions): WorklistConfig {
  const tracker = options?.tracker as Partial<WorklistTracker> | undefined;
  const required = ['list', 'get', 'acknowledge', 'assign', 'audit'] as const;
  if (!tracker || required.some((name) => typeof tracker[name] !== 'function')) {
    throw new ConfigurationError('createWorklist needs `tracker`: the Tracker from createTracker.');
  }
  if (typeof options.authorize !== 'function') {
    throw new ConfigurationError(
      'createWorklist needs `authorize(request)`: return the signed-in person ({ id, name? }) or null. The worklist has no anonymous mode.',
    );
  }
  const basePath = checkedBasePath(options.basePath);
  for (const name of ['resend', 'patient', 'reference', 'practice', 'personName'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') throw new ConfigurationError(`${name} must be a function when given.`);
  }
  const liveCheckMs = options.liveCheckMs ?? 2_000;
  if (!Number.isFinite(liveCheckMs) || liveCheckMs < 50) throw new ConfigurationError('liveCheckMs must be at least 50 milliseconds.');
  const formTimeoutMs = options.formTimeoutMs ?? 5_000;
  if (!Number.isFinite(formTimeoutMs) || formTimeoutMs < 10) throw new ConfigurationError('formTimeoutMs must be at least 10 milliseconds.');
  const publicOrigin = checkedOrigin(options.publicOrigin);
  const trustForwardedHost = options.trustForwardedHost?.trim().toLowerCase() || undefined;
  if (trustForwardedHost !== undefined && !/^[a-z0-9-]{1,100}$/.test(trustForwardedHost)) {
    throw new ConfigurationError("trustForwardedHost must be a header name, such as 'X-Forwarded-Host'.");
  }
  return {
    tracker: tracker as WorklistTracker,
    authorize: options.authorize,
    basePath,
    resend: options.resend,
    patient: options.patient,
    reference: options.reference,
    practice: options.practice,
    personName: options.personName,
    title: options.title?.trim() || 'Clinical documents worklist',
    logger: options.logger ?? silentLogger,
    liveCheckMs,
    hostAllowed: hostRule(options.allowedHosts, publicOrigin),
    publicOrigin,
    trustForwardedHost,
    formTimeoutMs,
    timeZone: checkedTimeZone(options.timeZone),
  };
}
