// What a run tests: a sandbox started here, a sandbox at a base URL (it
// answers the control API, which also tells its API key), or, only when the
// caller says so, another service's test mailbox. A sandbox is driven
// through its control API over HTTP in both sandbox cases, so the run
// behaves the same whether the sandbox is in this process or not.
import { ConfigurationError } from '../index.js';
import { startSandbox } from '../sandbox/index.js';
import { CONTROL_PATHS } from '../sandbox/control/paths.js';
import { isRecord } from '../internal/is-record.js';
import type { ConformanceOptions, ConformanceReport } from './types.js';

/** The in-process sandbox's scenario step unless the run names one (`scenarioStepMs`'s default). Internal. */
export const scenarioStepOf = (options: Pick<ConformanceOptions, 'scenarioStepMs'>): number => options.scenarioStepMs ?? 100;

/** The sandbox's control API, as a scenario calls it. */
export interface SandboxControl {
  /** Calls one control path; resolves to its JSON answer. @throws Error when the sandbox refuses. */
  call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<unknown>;
}

/** The service a run tests. */
export interface Target {
  kind: ConformanceReport['target'];
  baseUrl: string;
  apiKey: string;
  /** The practice messages go to. */
  recipient: string;
  /** The sandbox's controls; undefined for a test mailbox. */
  control: SandboxControl | undefined;
  close(): Promise<void>;
}

function controlOf(base: string): SandboxControl {
  return {
    async call(method, path, body) {
      const response = await fetch(`${base}${path}`, {
        method,
        ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`the sandbox refused ${method} ${path}: HTTP ${response.status}`);
      return text ? (JSON.parse(text) as unknown) : undefined;
    },
  };
}

/** The control API's answer at `base`, or undefined when nothing there speaks it. */
async function sandboxInfo(base: string): Promise<{ apiKey: string; recipients: string[] } | undefined> {
  try {
    const response = await fetch(`${base}${CONTROL_PATHS.info}`, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) return undefined;
    const info: unknown = await response.json();
    if (!isRecord(info) || typeof info.apiKey !== 'string' || !Array.isArray(info.recipients)) return undefined;
    return { apiKey: info.apiKey, recipients: info.recipients.filter((r): r is string => typeof r === 'string') };
  } catch {
    return undefined;
  }
}

/**
 * Finds or starts the service to test.
 *
 * @throws ConfigurationError when the base URL is no sandbox and `testMailbox` is not set, or a test mailbox lacks its API key or recipient.
 */
export async function openTarget(options: ConformanceOptions): Promise<Target> {
  if (options.baseUrl === undefined) {
    const sandbox = await startSandbox({ port: 0, scenarioStepMs: scenarioStepOf(options), instantImportDelayMs: 20, instantConversionMs: 60_000 });
    return {
      kind: 'in-process sandbox',
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      recipient: options.recipient ?? sandbox.recipients[0] ?? 'A81001',
      control: controlOf(sandbox.url),
      close: () => sandbox.close(),
    };
  }
  let base: string;
  try {
    base = new URL(options.baseUrl).origin;
  } catch {
    throw new ConfigurationError('The conformance run needs an absolute base URL, such as https://int.example.nhs.uk.');
  }
  const info = await sandboxInfo(base);
  if (info) {
    return { kind: 'sandbox', baseUrl: base, apiKey: options.apiKey ?? info.apiKey, recipient: options.recipient ?? info.recipients[0] ?? 'A81001', control: controlOf(base), close: () => Promise.resolve() };
  }
  if (options.testMailbox !== true) {
    throw new ConfigurationError(
      `${base} is not a sandbox (it does not answer ${CONTROL_PATHS.info}). A conformance run sends test messages: pass testMailbox: true (--test-mailbox) only if this is a test mailbox of the integration environment, never live.`,
    );
  }
  const apiKey = options.apiKey ?? process.env.CDMS_API_KEY;
  if (!apiKey) throw new ConfigurationError('A test mailbox needs its API key: pass apiKey or set CDMS_API_KEY.');
  if (!options.recipient) throw new ConfigurationError("A test mailbox needs the test practice's ODS code: pass recipient (--recipient).");
  return { kind: 'test mailbox', baseUrl: base, apiKey, recipient: options.recipient, control: undefined, close: () => Promise.resolve() };
}
