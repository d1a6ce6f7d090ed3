// The OpenAPI words of each operation of the table (src/schemas/operations.ts):
// its method, path, operationId and error statuses come from the table's row,
// so the description cannot disagree with what the client calls and the
// sandbox serves; here is only what a reader of the description needs besides.
import { OPERATIONS as TABLE, OPERATION_IDS, type OperationId } from '../../src/schemas/operations.js';

/** The tags that group the operations, in the order a reader meets them. */
export const TAGS = [
  { name: 'Connectivity', description: 'Checking the address and the API key.' },
  { name: 'Topics', description: 'The approved message topics: reference data, to cache.' },
  { name: 'Messages', description: 'Standard messages: sent to the practice and imported or rejected there by a practice user.' },
  { name: 'Instant messages', description: "Messages the user's running toolbar imports by itself, and the per-user access tokens they need." },
  { name: 'GP route', description: 'One consultation summary per message, through the national GP record-sharing route (GP Connect over MESH).' },
  { name: 'Widgets', description: 'Launchable web applications shown on the toolbar.' },
] as const;

type Tag = (typeof TAGS)[number]['name'];

/** What the OpenAPI entry of an operation says besides its row of the table. */
interface OperationWords {
  tag: Tag;
  summary: string;
  description: string;
  /** Request body component, when the operation takes one. */
  body?: string;
  /** 200 body: a component name, `{ empty: true }` for an empty 200, or 204 for No Content. */
  ok: string | { empty: true } | 204;
  /** Needs the instant access token header. */
  instantToken?: boolean;
}

/** One operation of the spec, described just enough to build its OpenAPI entry. */
interface Operation extends OperationWords {
  method: 'get' | 'post';
  path: string;
  operationId: OperationId;
  /** Error statuses the spec lists for it. */
  errors: number[];
  /** Takes the messageId path parameter. */
  messageId?: boolean;
}

const VERIFY_CONTENT_TYPE =
  ' The spec lists Content-Type: application/json among the headers of this GET, though it has no body; OpenAPI cannot declare Content-Type as a header parameter, so generated clients do not send it: add it yourself (cdms-sdk does).';

const REJECTED_CONTENT =
  ' An attachment refused for its content must not be sent again (spec, Errors rule 3): after a virus-scan verdict whatever its type, after a format error not with that type.';

/** The words of every operation of the table: a row without them does not compile. */
const WORDS = {
  test: {
    tag: 'Connectivity',
    summary: 'Connectivity test: verifies the API key.',
    description: 'Answers 200 with an empty body when the key is valid for this environment, 401 when it is not. Run it at start-up and in health checks.',
    ok: { empty: true },
  },
  testPost: {
    tag: 'Connectivity',
    summary: 'Connectivity test (the description also allows POST).',
    description: 'The same check as GET /api/v1/test, for clients that can only POST.',
    ok: { empty: true },
  },
  listTopics: {
    tag: 'Topics',
    summary: 'The approved message topics (reference data; may be cached).',
    description: 'Every message names one of these topicName values. Names in the integration environment may differ from those in live.',
    ok: 'TopicList',
  },
  sendMessage: {
    tag: 'Messages',
    summary: 'Send a standard message.',
    description: `The message waits for a practice user to import or reject it in the toolbar. Not idempotent: after an unclear outcome, look up the messageId's status before sending again.${REJECTED_CONTENT}`,
    body: 'StandardMessage',
    ok: 'SendResponse',
  },
  sendInstantMessage: {
    tag: 'Instant messages',
    summary: "Send an instant message, imported automatically by the user's running toolbar.",
    description: `Needs the practice user's access token. If the toolbar does not run in time, or the import fails, the message becomes a standard one.${REJECTED_CONTENT}`,
    body: 'InstantMessage',
    ok: 'SendResponse',
    instantToken: true,
  },
  sendGpConnectMessage: {
    tag: 'GP route',
    summary: 'Send one consultation summary through the national GP record-sharing route.',
    description: `A 503 means the national message-exchange infrastructure did not take the message; the client may retry with the same messageId.${REJECTED_CONTENT}`,
    body: 'GpConnectMessage',
    ok: 'SendResponse',
  },
  getMessageStatus: {
    tag: 'Messages',
    summary: 'Status of a standard or instant message.',
    description: 'Poll no more than four times a day, and once just before the expiry; stop at COMPLETED, REJECTED or EXPIRED. Statuses are kept until the message expiry.',
    ok: 'MessageStatus',
  },
  getGpConnectStatus: {
    tag: 'GP route',
    summary: 'Status of a GP-route message.',
    description: "subStatus gives the step: 'Sent to MESH', '20013 - Success', then the recipient's response code, or null for EXPIRED. The same polling guidance applies.",
    ok: 'GpConnectStatus',
  },
  exchangeAccessCode: {
    tag: 'Instant messages',
    summary: 'Exchange the access code a practice user generated in the toolbar for their instant access token.',
    description: "Done once per user; store the token against the sender's local user account and send it on that user's instant messages.",
    body: 'AccessCodeExchange',
    ok: 'AccessTokenResponse',
  },
  verifyAccessToken: {
    tag: 'Instant messages',
    summary: 'Verify an instant access token: 200 when valid, 410 when no longer valid.',
    description: `After a 410, ask the user for a new access code from the toolbar and exchange it.${VERIFY_CONTENT_TYPE}`,
    ok: { empty: true },
    instantToken: true,
  },
  verifyAccessTokenSamplePath: {
    tag: 'Instant messages',
    summary: "Verify an instant access token at the spec sample's path.",
    description: `The spec defines the path without /verify but its sample uses this one; which is served is not shown. The SDK tries the definition path first and falls back to this one on 404 or 405.${VERIFY_CONTENT_TYPE}`,
    ok: { empty: true },
    instantToken: true,
  },
  registerWidget: {
    tag: 'Widgets',
    summary: 'Register or update a widget (approved manually by the operator).',
    description: 'A name that exists (ignoring case and outer spaces) updates that widget. At most 5 widgets per API key by default. The operator must be told, and approves each registration by hand.',
    body: 'WidgetRegistration',
    ok: 204,
  },
} satisfies Record<OperationId, OperationWords>;

/** Every endpoint of the interface specification, with the errors it lists, in the table's order. */
export const OPERATIONS: Operation[] = OPERATION_IDS.map((operationId) => {
  const row = TABLE[operationId];
  return {
    method: row.method === 'GET' ? 'get' : 'post',
    path: `/${row.path}`,
    operationId,
    ...WORDS[operationId],
    errors: [...row.errors],
    ...(row.path.includes('{messageId}') ? { messageId: true } : {}),
  };
});
