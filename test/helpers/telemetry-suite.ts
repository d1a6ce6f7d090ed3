// The set-up shared by test files that read the SDK's telemetry against a
// sandbox: one sandbox and the async context manager (so spans nest) for the
// file, a fresh in-memory OpenTelemetry SDK for each test, and the real
// OpenTelemetry API restored after a test that replaced it.
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { setOpenTelemetryApiForTesting } from '../../src/telemetry/otel-api.js';
import { telemetryHarness, type TelemetryHarness } from './telemetry.js';

/** What a telemetry test file works with; read the getters inside tests. */
export interface TelemetrySuite {
  readonly sandbox: Sandbox;
  readonly otel: TelemetryHarness;
  /** The current test's providers, as client and tracker options. */
  providers(): { tracerProvider: TelemetryHarness['tracerProvider']; meterProvider: TelemetryHarness['meterProvider'] };
}

/** Registers the hooks of a telemetry test file. */
export function useTelemetrySuite(): TelemetrySuite {
  let sandbox: Sandbox | undefined;
  let otel: TelemetryHarness | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  });
  afterAll(async () => {
    context.disable();
    await sandbox?.close();
  });
  beforeEach(() => {
    otel = telemetryHarness();
  });
  afterEach(async () => {
    setOpenTelemetryApiForTesting(undefined);
    await otel?.shutdown();
  });
  const suite: TelemetrySuite = {
    get sandbox() {
      if (!sandbox) throw new Error('the sandbox starts before the tests');
      return sandbox;
    },
    get otel() {
      if (!otel) throw new Error('the telemetry harness is made before each test');
      return otel;
    },
    providers: () => ({ tracerProvider: suite.otel.tracerProvider, meterProvider: suite.otel.meterProvider }),
  };
  return suite;
}
