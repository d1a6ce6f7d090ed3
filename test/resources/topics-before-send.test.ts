import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CdmsClient, LocalValidationError } from '../../src/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { createTracker } from '../../src/tracker/index.js';
import { standardMessage } from '../helpers/fixtures.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

const freshClient = (): CdmsClient => new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, maxRetries: 0 });
const typo = (): string => `${sandbox.topics[0]!.slice(0, -1)}x`;
const operationsSince = (from: number): (string | undefined)[] => sandbox.requests().slice(from).map((e) => e.operation);

describe('the topic list is fetched before a client\'s first send', () => {
  it('so a mistyped topic on a fresh client is a local error with the suggestion, and nothing is sent', async () => {
    const from = sandbox.requests().length;
    const error = await freshClient().messages.send(standardMessage({ topic: typo() })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalValidationError);
    expect((error as LocalValidationError).invalidParameters).toEqual([
      expect.objectContaining({ name: 'topic', reason: expect.stringContaining(`did you mean '${sandbox.topics[0]}'`) as unknown }),
    ]);
    expect((error as LocalValidationError).delivery).toBe('not-sent');
    expect(operationsSince(from)).toEqual(['topics.list']);
  });

  it('but only for a message otherwise valid: an invalid message on a fresh client costs no request, the list neither', async () => {
    const from = sandbox.requests().length;
    const error = await freshClient().messages.send(standardMessage({ expiryDateTime: '2001-01-01T00:00:00Z' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalValidationError);
    expect((error as LocalValidationError).invalidParameters.map((p) => p.name)).toEqual(['expiryDateTime']);
    expect(operationsSince(from)).toEqual([]);

    // A mistyped topic as well: the other problem is named, still without a request.
    const both = await freshClient().messages.send(standardMessage({ topic: typo(), expiryDateTime: '2001-01-01T00:00:00Z' })).catch((e: unknown) => e);
    expect((both as LocalValidationError).invalidParameters.map((p) => p.name)).toEqual(['expiryDateTime']);
    expect(operationsSince(from)).toEqual([]);
  });

  it('once: later sends use the cached list', async () => {
    const cdms = freshClient();
    const from = sandbox.requests().length;
    await cdms.messages.send(standardMessage({ messageId: crypto.randomUUID() }));
    await cdms.messages.send(standardMessage({ messageId: crypto.randomUUID() }));
    expect(operationsSince(from)).toEqual(['topics.list', 'messages.send', 'messages.send']);
  });

  it('when the list cannot be had, the send goes on and the service checks the topic', async () => {
    sandbox.failNext({ operation: 'topics.list', status: 500, count: 1 });
    const cdms = freshClient();
    const from = sandbox.requests().length;
    await expect(cdms.messages.send(standardMessage({ messageId: crypto.randomUUID() }))).resolves.toMatchObject({ recovered: false });
    expect(operationsSince(from)).toEqual(['topics.list', 'messages.send']);
  });

  it('through the tracker: a mistyped topic is refused and nothing is kept', async () => {
    const tracker = await createTracker({ client: freshClient(), database: 'memory:' });
    try {
      const message = standardMessage({ topic: typo() });
      await expect(tracker.send('standard', message)).rejects.toBeInstanceOf(LocalValidationError);
      expect(await tracker.get(message.messageId!)).toBeUndefined();
    } finally {
      await tracker.close();
    }
  });
});
