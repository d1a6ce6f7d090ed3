import type { SpanContext } from '@opentelemetry/api';

const INVALID_TRACE_ID = /^0{32}$/;
const INVALID_SPAN_ID = /^0{16}$/;

/**
 * The W3C Trace Context `traceparent` header of a span
 * (https://www.w3.org/TR/trace-context/#traceparent-header), or undefined
 * when the span has no valid context. Written here rather than through the
 * app's global propagator on purpose: the service is a third party, so it
 * gets the trace and span ids and nothing else (no `tracestate`, no
 * baggage, which may carry the app's own data).
 */
export function traceparentOf(context: SpanContext): string | undefined {
  const { traceId, spanId, traceFlags } = context;
  if (!/^[0-9a-f]{32}$/.test(traceId) || INVALID_TRACE_ID.test(traceId)) return undefined;
  if (!/^[0-9a-f]{16}$/.test(spanId) || INVALID_SPAN_ID.test(spanId)) return undefined;
  // Only the sampled flag is defined in version 00.
  return `00-${traceId}-${spanId}-${traceFlags & 1 ? '01' : '00'}`;
}
