import { afterAll, afterEach, beforeAll } from 'vitest';
import { CdmsClient } from '../../src/index.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { gpMessage, standardMessage, widget } from '../helpers/fixtures.js';

export { PATIENT, PDF_BASE64 } from '../helpers/fixtures.js';

/** A fresh UUID. */
export const newId = (): string => crypto.randomUUID();

/** A valid standard message as it goes on the wire, with a fresh messageId. */
export function standardBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...standardMessage(), messageId: newId(), ...overrides };
}

/** A valid instant message as it goes on the wire. */
export function instantBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return standardBody({ type: 'ToolbarInstantMessage', ...overrides });
}

/** A valid GP-route message as it goes on the wire: type and recipient id type filled in. */
export function gpBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const message = gpMessage();
  return {
    ...message,
    messageId: newId(),
    type: 'GPConnectMessage',
    recipient: { id: { type: 'OdsOrganisationId', value: message.recipient.id.value } },
    ...overrides,
  };
}

/** A valid widget registration. */
export function widgetBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...widget(), ...overrides };
}

/** A raw response: status, headers and the parsed body (or the text when not JSON). */
export interface RawResponse {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** A problem body as the tests read it. */
export interface ProblemBody {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  instance?: string;
  invalidParameters?: { name: string; reason: string; value?: unknown }[];
}

/** The response's body read as a problem. */
export function problemOf(response: RawResponse): ProblemBody {
  const body = response.body;
  return body !== null && typeof body === 'object' ? body : {};
}

/** Options of {@link raw}. */
export interface RawOptions {
  /** JSON body (serialised) or a string sent as is. */
  body?: unknown;
  /** ApiKey header; null leaves it out. @defaultValue the sandbox's key */
  apiKey?: string | null;
  /** Content-Type; null leaves it out. @defaultValue 'application/json' when there is a body */
  contentType?: string | null;
  /** More headers. */
  headers?: Record<string, string>;
  /** Gives up on the request. */
  signal?: AbortSignal;
}

/** Sends one HTTP request to the sandbox, as any client in any language would. */
export async function raw(sandbox: Sandbox, method: string, path: string, options: RawOptions = {}): Promise<RawResponse> {
  const headers: Record<string, string> = { ...options.headers };
  const apiKey = options.apiKey === undefined ? sandbox.apiKey : options.apiKey;
  if (apiKey !== null) headers.ApiKey = apiKey;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    const type = options.contentType === undefined ? 'application/json' : options.contentType;
    if (type !== null) headers['Content-Type'] = type;
  }
  const response = await fetch(`${sandbox.url}${path}`, { method, headers, ...(body === undefined ? {} : { body }), ...(options.signal ? { signal: options.signal } : {}) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** Names of the invalid parameters of a problem body. */
export function paramNames(response: RawResponse): string[] {
  return (problemOf(response).invalidParameters ?? []).map((p) => p.name);
}

/** The reason given for one parameter. */
export function reasonFor(response: RawResponse, name: string): string | undefined {
  return problemOf(response).invalidParameters?.find((p) => p.name === name)?.reason;
}

/**
 * Starts one sandbox for the calling test file and resets it after each test,
 * so tests share a port but not state.
 */
export function useSandbox(options: SandboxOptions = {}): { readonly sandbox: Sandbox; client(extra?: { apiKey?: string; maxRetries?: number }): CdmsClient } {
  let current: Sandbox | undefined;
  beforeAll(async () => {
    current = await startSandbox({ port: 0, ...options });
  });
  afterEach(() => current?.reset());
  afterAll(async () => {
    await current?.close();
  });
  return {
    get sandbox(): Sandbox {
      if (!current) throw new Error('The sandbox is not started yet (use it inside a test).');
      return current;
    },
    client(extra = {}) {
      if (!current) throw new Error('The sandbox is not started yet (use it inside a test).');
      return new CdmsClient({ baseUrl: current.url, apiKey: extra.apiKey ?? current.apiKey, maxRetries: extra.maxRetries ?? 3 });
    },
  };
}
