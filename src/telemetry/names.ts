// The names the SDK records under, in one place (docs/observability.md lists
// them). HTTP attributes follow the OpenTelemetry semantic conventions for
// HTTP clients; the SDK's own live under `cdms.`.

/** The instrumentation scope of every tracer and meter the SDK creates. */
export const INSTRUMENTATION_SCOPE = 'cdms-sdk';

/** Attribute keys. */
export const ATTR = {
  operation: 'cdms.operation',
  route: 'cdms.route',
  messageId: 'cdms.message_id',
  attempt: 'cdms.attempt',
  retryReason: 'cdms.retry.reason',
  recovery: 'cdms.recovery.outcome',
  delivery: 'cdms.delivery',
  outcome: 'cdms.outcome',
  statusClass: 'cdms.status_class',
  rule: 'cdms.validation.rule',
  rejectedBy: 'cdms.rejected_content.source',
  method: 'http.request.method',
  statusCode: 'http.response.status_code',
  resendCount: 'http.request.resend_count',
  urlTemplate: 'url.template',
  urlFull: 'url.full',
  serverAddress: 'server.address',
  serverPort: 'server.port',
  errorType: 'error.type',
} as const;

/** Metric names of the client. */
export const METRIC = {
  requestDuration: 'cdms.client.request.duration',
  operationDuration: 'cdms.client.operation.duration',
  retries: 'cdms.client.retries',
  recoveries: 'cdms.client.recoveries',
  validationRefusals: 'cdms.client.validation.refusals',
  rejectedContent: 'cdms.client.rejected_content',
} as const;

/** Histogram buckets for durations in seconds: the semantic conventions' HTTP advice. */
export const DURATION_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10, 30, 60];
