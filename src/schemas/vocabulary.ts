// The service's vocabulary, written once: its routes, its status words, the
// subStatus texts the interface specification names, its header names and
// its polling guidance. The client, the sandbox and its console, the tracker,
// the CLI and the OpenAPI generator all take these words from here, so a word
// the service changes is changed in one place. Plain constants without
// imports: the sandbox uses them without bringing in the client. The public
// ones are exported from the package by the modules senders already know
// (schemas/status.ts, polling/wait-for-status.ts, resources/instant.ts, validation/types.ts).

/**
 * The three send routes, each with its own endpoints and rules.
 *
 * @category Validation
 */
export type Route = 'standard' | 'instant' | 'gpconnect';

/** Every route, each once: a record over `Route` keeps the list complete. */
export const ROUTES: readonly Route[] = Object.keys({ standard: true, instant: true, gpconnect: true } satisfies Record<Route, true>) as Route[];

/** Whether a value names a route. */
export function isRoute(value: unknown): value is Route {
  return typeof value === 'string' && (ROUTES as readonly string[]).includes(value);
}

/** Status values of the standard status endpoint (spec: States and transitions). */
export const MESSAGE_STATUSES = ['PENDING', 'COMPLETED', 'REJECTED', 'FAILED', 'EXPIRED'] as const;

/** Status values of the GP-route status endpoint. */
export const GPCONNECT_STATUSES = ['PENDING', 'COMPLETED', 'REJECTED', 'EXPIRED'] as const;

/**
 * Statuses after which a message never changes (spec: States and transitions).
 *
 * @category Polling
 */
export const TERMINAL_STATUSES = ['COMPLETED', 'REJECTED', 'EXPIRED'] as const;

/**
 * Whether a status is final, so polling can stop: COMPLETED, REJECTED or
 * EXPIRED. FAILED is not terminal: the spec does not say it is, so a sender
 * keeps watching it (decision D-SPEC-15 in `docs/decisions/spec-gaps.md`).
 *
 * @category Polling
 */
export function isTerminalStatus(status: string): boolean {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

/** Standard route: the subStatus of an instant message whose automatic import failed, now waiting as a standard one. */
export const FAILED_INSTANT_IMPORT = 'Failed instant message import';

/** GP route: accepted and handed to MESH (spec: GP-route combinations). */
export const SENT_TO_MESH = 'Sent to MESH';

/** GP route: the ITK3 infrastructure acknowledgement 20013, received by the practice's system (the spec spells it with spaces). */
export const ITK_SUCCESS = '20013 - Success';

/** subStatus values named by the spec: instant import failure on the standard route. */
export const MESSAGE_SUB_STATUSES = [FAILED_INSTANT_IMPORT] as const;

/** subStatus values of the GP route that the spec names literally. */
export const GPCONNECT_SUB_STATUSES = [SENT_TO_MESH, ITK_SUCCESS] as const;

/** The header that carries the API key (spec: Authentication). */
export const API_KEY_HEADER = 'ApiKey';

/**
 * Header that carries the user's instant access token (spec: renamed from Conneqt-Instant-Access-Token).
 *
 * @category Client and resources
 */
export const INSTANT_ACCESS_TOKEN_HEADER = 'Service-Instant-Access-Token';

const HOUR_MS = 3_600_000;

/** The service's polling guidance: no more than four status polls of one message a day. */
export const MAX_STATUS_POLLS_PER_DAY = 4;

/** The spacing that keeps to the guidance: six hours between polls of one message. */
export const STATUS_POLL_INTERVAL_MS = (24 * HOUR_MS) / MAX_STATUS_POLLS_PER_DAY;

/**
 * How long before a message's expiry its last poll comes, unless told
 * otherwise: fifteen minutes. The guidance asks for a poll "just before the
 * expected expiry"; how long before is the SDK's choice.
 */
export const POLL_BEFORE_EXPIRY_MS = 15 * 60_000;
