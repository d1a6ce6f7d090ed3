// `delivery` belongs to sends: a send refused locally says 'not-sent'; a read
// (a status with a malformed id, a token check) or a helper carries none,
// since nothing was being delivered.
import { describe, expect, it } from 'vitest';
import { attachmentFromBytes, LocalValidationError, type CdmsError } from '../../src/index.js';
import { standardMessage, widget } from '../helpers/fixtures.js';
import { testClient, useMswServer } from '../helpers/msw.js';

const { seen } = useMswServer();
const caught = async (call: () => Promise<unknown>) => (await call().catch((e: unknown) => e)) as CdmsError;

describe('LocalValidationError and delivery', () => {
  it.each([
    ['messages.status', () => testClient().messages.status('abc')],
    ['gpconnect.status', () => testClient().gpconnect.status('abc')],
    ['tokens.verify', () => testClient().tokens.verify('the-access-code')],
    ['tokens.exchange', () => testClient().tokens.exchange('')],
    ['widgets.register', () => testClient().widgets.register({ ...widget(), name: 'Bad/Name' })],
  ])('%s: no delivery (not a send)', async (_, call) => {
    const error = await caught(call);
    expect(error).toBeInstanceOf(LocalValidationError);
    expect(error.delivery).toBeUndefined();
    expect(seen).toHaveLength(0);
  });

  it('an attachment helper: no delivery', () => {
    let error: unknown;
    try {
      attachmentFromBytes(new Uint8Array([1, 2, 3]), { fileName: 'x.bin' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LocalValidationError);
    expect((error as CdmsError).delivery).toBeUndefined();
  });

  it.each([
    ['messages.send', () => testClient().messages.send({ ...standardMessage(), topic: '' })],
    ['instant.send, bad token', () => testClient().instant.send(standardMessage(), { accessToken: 'the-access-code' })],
  ])("%s: delivery 'not-sent'", async (_, call) => {
    const error = await caught(call);
    expect(error).toBeInstanceOf(LocalValidationError);
    expect(error.delivery).toBe('not-sent');
    expect(seen).toHaveLength(0);
  });
});
