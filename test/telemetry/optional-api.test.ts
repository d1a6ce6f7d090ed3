// @opentelemetry/api is optional: without it the client works and records
// nothing; where it can only be imported asynchronously, telemetry starts
// once it has arrived. (The built package without the API installed at all
// is tested in test/packaging/tarball.test.ts.)
import * as api from '@opentelemetry/api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CdmsClient, ConfigurationError } from '../../src/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { openTelemetryApi, openTelemetryApiLookedForForTesting, setOpenTelemetryApiForTesting } from '../../src/telemetry/otel-api.js';
import { telemetryHarness } from '../helpers/telemetry.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());
afterEach(() => {
  setOpenTelemetryApiForTesting(undefined);
  api.trace.disable();
});

describe('optional @opentelemetry/api', () => {
  it('is found from source when installed (the ESM path: createRequire)', () => {
    setOpenTelemetryApiForTesting(undefined);
    expect(openTelemetryApi()?.trace).toBe(api.trace);
  });

  it('is not loaded while the app has registered nothing with OpenTelemetry; the first operation after a registration loads and records', async () => {
    const key = Symbol.for('opentelemetry.js.api.1');
    const registry = globalThis as { [key]?: unknown };
    const saved = registry[key];
    delete registry[key]; // as in a process where nothing was ever registered
    try {
      setOpenTelemetryApiForTesting(undefined);
      const cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, propagateTraceContext: true });
      await cdms.test();
      expect((await cdms.topics.list()).length).toBeGreaterThan(0);
      expect(openTelemetryApiLookedForForTesting()).toBe(false);

      const otel = telemetryHarness();
      api.trace.setGlobalTracerProvider(otel.tracerProvider);
      await cdms.test();
      expect(openTelemetryApiLookedForForTesting()).toBe(true);
      expect(otel.spans().filter((s) => s.name === 'cdms.test')).toHaveLength(1);
      await otel.shutdown();
    } finally {
      if (saved === undefined) delete registry[key];
      else registry[key] = saved;
    }
  });

  it('absent: the client works and records nothing, even with a global tracer provider registered', async () => {
    setOpenTelemetryApiForTesting(null);
    const otel = telemetryHarness();
    api.trace.setGlobalTracerProvider(otel.tracerProvider);
    const cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, propagateTraceContext: true });
    await cdms.test();
    expect((await cdms.topics.list()).length).toBeGreaterThan(0);
    expect(otel.spans()).toEqual([]);
    await otel.shutdown();
  });

  it('absent: a provider given in the options is refused, naming the package to install', () => {
    setOpenTelemetryApiForTesting(null);
    const otel = telemetryHarness();
    const make = () => new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, tracerProvider: otel.tracerProvider });
    expect(make).toThrow(ConfigurationError);
    expect(make).toThrow(/@opentelemetry\/api is not installed/);
  });

  it('importable only asynchronously: nothing is recorded before it arrives, everything after', async () => {
    setOpenTelemetryApiForTesting('import', api);
    const otel = telemetryHarness();
    const cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, tracerProvider: otel.tracerProvider });
    await cdms.test(); // called before the import has settled: not recorded
    await cdms.test();
    expect(otel.spans().filter((s) => s.name === 'cdms.test')).toHaveLength(1);
    await otel.shutdown();
  });
});
