// The service's operations, one row each: what every other table of an
// operation reads (the endpoints, the retry policies, the resources' calls,
// the sandbox's routes, the OpenAPI generator), so adding an operation is a
// row here, its resource method, its sandbox handler and its OpenAPI words.
// Plain data with no imports, so the sandbox and the generator use it
// without bringing in the client.

/**
 * How an operation may be retried: `read` (repeating it is harmless),
 * `gp-send` (a GP-route send: on 503 and never-connected failures) or
 * `never` (no idempotency promise). core/retry-policy.ts turns each into its
 * policy.
 */
export type RetryKind = 'read' | 'gp-send' | 'never';

/**
 * The names of the service's operations, as they appear in logs. Written
 * out so the public type reads as a list; each must name a row of
 * `OPERATIONS` (checked below).
 */
export type OperationName =
  | 'test'
  | 'topics.list'
  | 'messages.send'
  | 'messages.status'
  | 'instant.send'
  | 'gpconnect.send'
  | 'gpconnect.status'
  | 'tokens.exchange'
  | 'tokens.verify'
  | 'widgets.register';

/** One operation of the interface specification (spec: Endpoints). */
export interface OperationRow {
  /** The SDK's name of the operation, as logs, telemetry and the sandbox's fault injection say it. */
  readonly name: OperationName;
  /** HTTP method. */
  readonly method: 'GET' | 'POST';
  /** Path relative to the service's root, no leading slash; `{messageId}` marks the one variable segment. */
  readonly path: string;
  /** The error statuses the spec lists for it; a 403 among them means the forbidden key is refused here. */
  readonly errors: readonly number[];
  /** How it may be retried. Rows of one name share it. */
  readonly retry: RetryKind;
  /** Whether the request carries a JSON body. */
  readonly jsonBody?: true;
}

/**
 * Every operation of the service, keyed by its OpenAPI `operationId`, in the
 * order the OpenAPI description lists them. One SDK operation may have two
 * rows: the connectivity test (GET and POST) and the token verification
 * (the spec's definition path and its sample's `/verify` path).
 */
export const OPERATIONS = {
  test: { name: 'test', method: 'GET', path: 'api/v1/test', errors: [401, 500], retry: 'read' },
  testPost: { name: 'test', method: 'POST', path: 'api/v1/test', errors: [401, 500], retry: 'read' },
  listTopics: { name: 'topics.list', method: 'GET', path: 'api/v1/topics', errors: [401, 403, 500], retry: 'read' },
  sendMessage: { name: 'messages.send', method: 'POST', path: 'api/v1/messages', errors: [400, 401, 403, 500], retry: 'never', jsonBody: true },
  sendInstantMessage: {
    name: 'instant.send',
    method: 'POST',
    path: 'api/v1/messages/instant',
    errors: [400, 401, 403, 500],
    retry: 'never',
    jsonBody: true,
  },
  sendGpConnectMessage: {
    name: 'gpconnect.send',
    method: 'POST',
    path: 'api/v1/gpconnect/messages',
    errors: [400, 401, 403, 500, 503],
    retry: 'gp-send',
    jsonBody: true,
  },
  getMessageStatus: { name: 'messages.status', method: 'GET', path: 'api/v1/messages/{messageId}/status', errors: [400, 401, 404, 500], retry: 'read' },
  getGpConnectStatus: {
    name: 'gpconnect.status',
    method: 'GET',
    path: 'api/v1/gpconnect/messages/{messageId}/status',
    errors: [400, 401, 404, 500],
    retry: 'read',
  },
  exchangeAccessCode: {
    name: 'tokens.exchange',
    method: 'POST',
    path: 'api/v1/messages/instant/access/token',
    errors: [400, 401, 403, 500],
    retry: 'never',
    jsonBody: true,
  },
  verifyAccessToken: { name: 'tokens.verify', method: 'GET', path: 'api/v1/messages/instant/access/token', errors: [400, 401, 403, 410, 500], retry: 'read' },
  verifyAccessTokenSamplePath: {
    name: 'tokens.verify',
    method: 'GET',
    path: 'api/v1/messages/instant/access/token/verify',
    errors: [400, 401, 403, 410, 500],
    retry: 'read',
  },
  registerWidget: { name: 'widgets.register', method: 'POST', path: 'api/v1/widgets', errors: [400, 401, 403, 500], retry: 'never', jsonBody: true },
} as const satisfies Record<string, OperationRow>;

/** An operation's OpenAPI `operationId`: the key of its row. */
export type OperationId = keyof typeof OPERATIONS;

/** A name of `OperationName` that no row carries: none, or this does not compile. */
type UnusedName = Exclude<OperationName, (typeof OPERATIONS)[OperationId]['name']>;
const EVERY_NAME_HAS_A_ROW: [UnusedName] extends [never] ? true : UnusedName = true;
void EVERY_NAME_HAS_A_ROW;

/** Every operation's row, in the table's order. */
export const OPERATION_IDS = Object.freeze(Object.keys(OPERATIONS)) as readonly OperationId[];

/** Every operation name once, in the table's order. */
export const OPERATION_NAMES: readonly OperationName[] = Object.freeze([...new Set(OPERATION_IDS.map((id) => OPERATIONS[id].name))]);

/**
 * Whether the forbidden key (valid, but not authorised) gets 403 here: where
 * the spec's error table lists 403 for the operation. The one place this
 * rule is written.
 */
export function refusesForbiddenKey(id: OperationId): boolean {
  return (OPERATIONS[id].errors as readonly number[]).includes(403);
}

/** What a request of an operation names: its SDK name, method and path (relative, `{messageId}` not filled in). */
export interface OperationCall<Id extends OperationId> {
  /** The SDK's name of the operation. */
  readonly operation: (typeof OPERATIONS)[Id]['name'];
  /** HTTP method. */
  readonly method: (typeof OPERATIONS)[Id]['method'];
  /** Path relative to the service's root. */
  readonly path: (typeof OPERATIONS)[Id]['path'];
}

/** The name, method and path of an operation, as a resource's request spells them. */
export function operationCall<Id extends OperationId>(id: Id): OperationCall<Id> {
  const { name, method, path } = OPERATIONS[id];
  return { operation: name, method, path };
}
