// What every span and metric of one client shares, in a module of its own:
// the telemetry that builds it and the operation and attempt spans that read
// it both import it from here, so none of them imports another in a circle.
import type { Tracer } from '@opentelemetry/api';
import type { ClientInstruments, InstrumentSource } from './instruments.js';
import type { OpenTelemetryApi } from './otel-api.js';

/** What every span and metric of one client shares. Internal. */
export interface ClientTelemetryContext {
  readonly api: OpenTelemetryApi;
  readonly tracer: Tracer;
  readonly instruments: InstrumentSource<ClientInstruments>;
  readonly baseUrl: string;
  readonly serverAddress: string;
  readonly serverPort: number;
  readonly propagate: boolean;
}
