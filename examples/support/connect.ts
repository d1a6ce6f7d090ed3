// How every example gets a client: the integration environment when
// CDMS_BASE_URL and CDMS_API_KEY are set, else an embedded sandbox started in
// this process (and closed again by `close()`).
import { CdmsClient, type CdmsClientOptions } from 'cdms-sdk';
import { startSandbox, type Sandbox, type SandboxOptions } from 'cdms-sdk/sandbox';

/** A client, and the sandbox behind it when there is one. */
export interface Connection {
  cdms: CdmsClient;
  /** The embedded sandbox; undefined against a real environment. */
  sandbox: Sandbox | undefined;
  /** Where the client points, for the output (never the key). */
  where: string;
  /** Recipient practice (ODS code) to address messages to. */
  recipient: string;
  /** Closes the embedded sandbox, if any. */
  close(): Promise<void>;
}

/** Options of {@link connect}. */
export interface ConnectOptions {
  /** Client options besides the base URL and key. */
  client?: Omit<CdmsClientOptions, 'baseUrl' | 'apiKey'>;
  /** Options of the embedded sandbox. */
  sandbox?: SandboxOptions;
}

/**
 * Connects to the integration environment (both CDMS_BASE_URL and
 * CDMS_API_KEY set; CDMS_RECIPIENT names the practice, default A81001) or
 * starts an embedded sandbox.
 */
export async function connect(options: ConnectOptions = {}): Promise<Connection> {
  const baseUrl = process.env.CDMS_BASE_URL?.trim();
  const apiKey = process.env.CDMS_API_KEY?.trim();
  if (baseUrl && apiKey) {
    const cdms = new CdmsClient({ ...options.client, baseUrl, apiKey });
    const recipient = process.env.CDMS_RECIPIENT?.trim() || 'A81001';
    return { cdms, sandbox: undefined, where: `${new URL(baseUrl).host} (CDMS_BASE_URL)`, recipient, close: () => Promise.resolve() };
  }
  if (baseUrl || apiKey) {
    throw new Error('Set both CDMS_BASE_URL and CDMS_API_KEY to use a real environment, or neither to use the embedded sandbox.');
  }
  const sandbox = await startSandbox({ port: 0, ...options.sandbox });
  const cdms = new CdmsClient({ ...options.client, baseUrl: sandbox.url, apiKey: sandbox.apiKey });
  const recipient = sandbox.recipients[0] ?? 'A81001';
  return { cdms, sandbox, where: `embedded sandbox at ${sandbox.url}`, recipient, close: () => sandbox.close() };
}

/**
 * Runs an example's main function: prints a failure without its stack
 * (SDK errors say what to do), sets the exit code, and always closes.
 */
export async function run(main: (connection: Connection) => Promise<void>, options: ConnectOptions = {}): Promise<void> {
  let connection: Connection | undefined;
  try {
    connection = await connect(options);
    await main(connection);
  } catch (error) {
    console.error(`✗ ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    process.exitCode = 1;
  } finally {
    await connection?.close();
  }
}
