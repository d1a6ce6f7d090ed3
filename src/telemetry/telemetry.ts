import type { MeterProvider, TracerProvider } from '@opentelemetry/api';
import { ConfigurationError } from '../core/errors/cdms-error.js';
import { openTelemetryApi } from './otel-api.js';
import { OtelTelemetry, type TelemetryConfig } from './otel-telemetry.js';
import { NOOP_TELEMETRY, type Telemetry } from '../core/telemetry-port.js';
import { DeferredTelemetry, UntilRegisteredTelemetry } from './deferred-telemetry.js';

/**
 * The part of an OpenTelemetry `TracerProvider` the SDK calls. Any
 * `TracerProvider` of `@opentelemetry/api` fits.
 */
export interface TracerProviderLike {
  /** Returns a tracer for the named instrumentation scope. */
  getTracer(name: string, version?: string): object;
}

/**
 * The part of an OpenTelemetry `MeterProvider` the SDK calls. Any
 * `MeterProvider` of `@opentelemetry/api` fits.
 */
export interface MeterProviderLike {
  /** Returns a meter for the named instrumentation scope. */
  getMeter(name: string, version?: string): object;
}

/** The client options that shape its telemetry. Internal. */
export interface TelemetryOptions {
  readonly baseUrl: string;
  readonly propagateTraceContext?: boolean | undefined;
  readonly tracerProvider?: TracerProviderLike | undefined;
  readonly meterProvider?: MeterProviderLike | undefined;
}

/**
 * The client's telemetry: through `@opentelemetry/api` when it is installed
 * (a no-op until the app registers an OpenTelemetry SDK), else nothing at all.
 * Without providers in the options the API is loaded only once the app has
 * registered something with OpenTelemetry: loading it costs a client's start
 * about as much as loading the SDK's own code, and records nothing before.
 *
 * @throws ConfigurationError when an option has the wrong type, or a
 * provider is given but `@opentelemetry/api` is not installed.
 */
export function createTelemetry(options: TelemetryOptions): Telemetry {
  const config = checkOptions(options);
  if (config.tracerProvider || config.meterProvider) return telemetryThroughApi(config);
  return new UntilRegisteredTelemetry(() => telemetryThroughApi(config));
}

/** Telemetry through the API, loaded now (or imported, where only `import()` can load it). */
function telemetryThroughApi(config: TelemetryConfig): Telemetry {
  const api = openTelemetryApi();
  if (api) return new OtelTelemetry(api, config);
  if (api === null) {
    if (config.tracerProvider || config.meterProvider) {
      throw new ConfigurationError(PROVIDERS_WITHOUT_API);
    }
    return NOOP_TELEMETRY;
  }
  return new DeferredTelemetry(config);
}

function checkOptions(options: TelemetryOptions): TelemetryConfig {
  const { propagateTraceContext, tracerProvider, meterProvider } = options;
  if (propagateTraceContext !== undefined && typeof propagateTraceContext !== 'boolean') {
    throw new ConfigurationError('propagateTraceContext must be true or false.');
  }
  return {
    baseUrl: options.baseUrl,
    propagate: propagateTraceContext ?? false,
    ...checkProviders(tracerProvider, meterProvider),
  };
}

/**
 * Checks the providers an app passed and gives them their full OpenTelemetry
 * types. Internal.
 *
 * @throws ConfigurationError when one is not a provider.
 */
export function checkProviders(
  tracerProvider: TracerProviderLike | undefined,
  meterProvider: MeterProviderLike | undefined,
): { tracerProvider: TracerProvider | undefined; meterProvider: MeterProvider | undefined } {
  if (tracerProvider !== undefined && typeof (tracerProvider as Partial<TracerProviderLike> | null)?.getTracer !== 'function') {
    throw new ConfigurationError('tracerProvider must be an OpenTelemetry TracerProvider (an object with getTracer()).');
  }
  if (meterProvider !== undefined && typeof (meterProvider as Partial<MeterProviderLike> | null)?.getMeter !== 'function') {
    throw new ConfigurationError('meterProvider must be an OpenTelemetry MeterProvider (an object with getMeter()).');
  }
  // The structural types are what the public options promise; the API's full types are what OpenTelemetry hands over.
  return { tracerProvider: tracerProvider as TracerProvider | undefined, meterProvider: meterProvider as MeterProvider | undefined };
}

/** The message of the error for providers given where `@opentelemetry/api` is not installed. Internal. */
export const PROVIDERS_WITHOUT_API = 'tracerProvider or meterProvider was given, but @opentelemetry/api is not installed: add it to your dependencies.';
