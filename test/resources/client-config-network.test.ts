import { describe, expect, it } from 'vitest';
import { CdmsClient, ConnectionError, NotFoundError } from '../../src/index.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { standardMessage } from '../helpers/fixtures.js';

// Real requests (no msw here): a refused port and the sandbox's 404.
describe('client configuration over the network', () => {
  it('with its own fetch, a refused port is a send that never left: not-sent', async () => {
    const cdms = new CdmsClient({ baseUrl: 'http://127.0.0.1:6000', apiKey: 'k', fetch: (input, init) => fetch(input, init), maxRetries: 0 });
    const error = await cdms.messages.send(standardMessage()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).delivery).toBe('not-sent');
    expect((error as Error).message).toContain('The message was not sent.');
  });
  it('a message the service does not know keeps the message-id advice', async () => {
    const sandbox = await startSandbox({ port: 0 });
    try {
      const cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
      const error = await cdms.messages.status(crypto.randomUUID()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as Error).message).toContain('check the id');
    } finally {
      await sandbox.close();
    }
  });
});
