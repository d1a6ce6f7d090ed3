import type { OperationName } from '../core/retry-policy.js';
import { importOpenTelemetryApi, openTelemetryRegistered } from './otel-api.js';
import { OtelTelemetry, type TelemetryConfig } from './otel-telemetry.js';
import { NOOP_SCOPE, NOOP_TELEMETRY, type OperationScope, type Telemetry } from '../core/telemetry-port.js';

/**
 * Telemetry that stays a no-op, without loading `@opentelemetry/api`, until
 * the app registers something with OpenTelemetry; from the first operation
 * after that, the telemetry `load` makes. Checked per operation (one global
 * read), so an SDK started after the client is followed as before. Internal.
 */
export class UntilRegisteredTelemetry implements Telemetry {
  readonly #load: () => Telemetry;
  #current: Telemetry | undefined;

  constructor(load: () => Telemetry) {
    this.#load = load;
  }

  operation<T>(name: OperationName, run: (scope: OperationScope) => Promise<T>): Promise<T> {
    if (this.#current === undefined) {
      if (!openTelemetryRegistered()) return run(NOOP_SCOPE);
      this.#current = this.#load();
    }
    return this.#current.operation(name, run);
  }
}

/** Where the API can only be imported asynchronously: nothing is recorded until it has arrived. Internal. */
export class DeferredTelemetry implements Telemetry {
  #current: Telemetry = NOOP_TELEMETRY;

  constructor(config: TelemetryConfig) {
    void importOpenTelemetryApi().then((api) => {
      if (api) this.#current = new OtelTelemetry(api, config);
    });
  }

  operation<T>(name: OperationName, run: (scope: OperationScope) => Promise<T>): Promise<T> {
    return this.#current.operation(name, run);
  }
}
