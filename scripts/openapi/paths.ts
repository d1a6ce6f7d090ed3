/** One operation of the spec, described just enough to build its OpenAPI entry. */
interface Operation {
  method: 'get' | 'post';
  path: string;
  operationId: string;
  summary: string;
  /** Request body component, when the operation takes one. */
  body?: string;
  /** 200 body: a component name, `{ empty: true }` for an empty 200, or 204 for No Content. */
  ok: string | { empty: true } | 204;
  /** Error statuses the spec lists for it. */
  errors: number[];
  /** Needs the instant access token header. */
  instantToken?: boolean;
  /** Takes the messageId path parameter. */
  messageId?: boolean;
  description?: string;
}

/** Every endpoint of the interface specification, with the errors it lists. */
export const OPERATIONS: Operation[] = [
  { method: 'get', path: '/api/v1/test', operationId: 'test', summary: 'Connectivity test: verifies the API key.', ok: { empty: true }, errors: [401, 500] },
  {
    method: 'post',
    path: '/api/v1/test',
    operationId: 'testPost',
    summary: 'Connectivity test (the description also allows POST).',
    ok: { empty: true },
    errors: [401, 500],
  },
  { method: 'get', path: '/api/v1/topics', operationId: 'listTopics', summary: 'The approved message topics (reference data; may be cached).', ok: 'TopicList', errors: [401, 403, 500] },
  { method: 'post', path: '/api/v1/messages', operationId: 'sendMessage', summary: 'Send a standard message.', body: 'StandardMessage', ok: 'SendResponse', errors: [400, 401, 403, 500] },
  {
    method: 'post',
    path: '/api/v1/messages/instant',
    operationId: 'sendInstantMessage',
    summary: "Send an instant message, imported automatically by the user's running toolbar.",
    body: 'InstantMessage',
    ok: 'SendResponse',
    errors: [400, 401, 403, 500],
    instantToken: true,
  },
  {
    method: 'post',
    path: '/api/v1/gpconnect/messages',
    operationId: 'sendGpConnectMessage',
    summary: 'Send one consultation summary through the national GP record-sharing route.',
    body: 'GpConnectMessage',
    ok: 'SendResponse',
    errors: [400, 401, 403, 500, 503],
    description: 'A 503 means the national message-exchange infrastructure did not take the message; the client may retry with the same messageId.',
  },
  {
    method: 'get',
    path: '/api/v1/messages/{messageId}/status',
    operationId: 'getMessageStatus',
    summary: 'Status of a standard or instant message.',
    ok: 'MessageStatus',
    errors: [400, 401, 404, 500],
    messageId: true,
    description: 'Poll no more than four times a day; statuses are kept until the message expiry.',
  },
  {
    method: 'get',
    path: '/api/v1/gpconnect/messages/{messageId}/status',
    operationId: 'getGpConnectStatus',
    summary: 'Status of a GP-route message.',
    ok: 'GpConnectStatus',
    errors: [400, 401, 404, 500],
    messageId: true,
  },
  {
    method: 'post',
    path: '/api/v1/messages/instant/access/token',
    operationId: 'exchangeAccessCode',
    summary: 'Exchange the access code a practice user generated in the toolbar for their instant access token.',
    body: 'AccessCodeExchange',
    ok: 'AccessTokenResponse',
    errors: [400, 401, 403, 500],
  },
  {
    method: 'get',
    path: '/api/v1/messages/instant/access/token',
    operationId: 'verifyAccessToken',
    summary: 'Verify an instant access token: 200 when valid, 410 when no longer valid.',
    ok: { empty: true },
    errors: [400, 401, 403, 410, 500],
    instantToken: true,
  },
  {
    method: 'get',
    path: '/api/v1/messages/instant/access/token/verify',
    operationId: 'verifyAccessTokenSamplePath',
    summary: "Verify an instant access token at the spec sample's path.",
    ok: { empty: true },
    errors: [400, 401, 403, 410, 500],
    instantToken: true,
    description: 'The spec defines the path without /verify but its sample uses this one; which is served is not shown. The SDK tries the definition path first and falls back to this one on 404 or 405.',
  },
  {
    method: 'post',
    path: '/api/v1/widgets',
    operationId: 'registerWidget',
    summary: 'Register or update a widget (approved manually by the operator).',
    body: 'WidgetRegistration',
    ok: 204,
    errors: [400, 401, 403, 500],
  },
];
