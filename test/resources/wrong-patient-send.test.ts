// The wrong-patient cross-check in the send pipeline, against the sandbox:
// a refused document is never sent (no request reaches the service), the
// override sends it, and the tracker keeps the override for its resends.
import { describe, expect, it } from 'vitest';
import { CdmsClient, LocalValidationError } from '../../src/index.js';
import { gpMessage, standardMessage, useSandbox } from '../contract/support.js';
import { PATIENT } from '../helpers/fixtures.js';
import { base64Of, pdfWithText } from '../helpers/pdfs.js';
import { ENGINES, eventually, useTrackers } from '../tracker/support.js';

const env = useSandbox();
const openTracker = useTrackers();
const OTHER = '9990000026';

/** A client whose sends are counted. */
function countingClient(): { client: CdmsClient; posts: () => number } {
  let posts = 0;
  const client = new CdmsClient({
    baseUrl: env.sandbox.url,
    apiKey: env.sandbox.apiKey,
    fetch: (input, init) => {
      if ((init?.method ?? (input instanceof Request ? input.method : 'GET')) === 'POST') posts += 1;
      return fetch(input, init);
    },
  });
  return { client, posts: () => posts };
}

const letterNaming = async (nhsNumber: string) => ({
  mimeType: 'application/pdf' as const,
  fileName: 'consultation-summary.pdf',
  content: base64Of(await pdfWithText([[`Consultation summary for NHS number ${nhsNumber.slice(0, 3)} ${nhsNumber.slice(3, 6)} ${nhsNumber.slice(6)}`]])),
});

describe('wrong-patient cross-check in the send', () => {
  it('GP route: a summary naming another patient is refused locally, nothing sent, the error names the attachment only', async () => {
    const { client, posts } = countingClient();
    const error = await client.gpconnect.send(gpMessage({ attachments: [await letterNaming(OTHER)] })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalValidationError);
    const local = error as LocalValidationError;
    expect(local.delivery).toBe('not-sent');
    expect(local.invalidParameters.map((p) => p.name)).toEqual(['attachments[0].content']);
    expect(posts()).toBe(0);
    expect(env.sandbox.listMessages()).toEqual([]);
    const shown = `${local.message} ${JSON.stringify(local)} ${local.stack ?? ''}`;
    for (const secret of [OTHER, '999 000 0026', PATIENT.nhsNumber, 'consultation-summary.pdf']) expect(shown).not.toContain(secret);
  });

  it("the right patient's summary is sent; allowOtherNhsNumbers sends a document that names another person by right", async () => {
    const { client } = countingClient();
    const right = await client.gpconnect.send(gpMessage({ attachments: [await letterNaming(PATIENT.nhsNumber)] }));
    expect(env.sandbox.getMessage(right.messageId)).toBeDefined();
    const other = await client.messages.send(standardMessage({ attachments: [await letterNaming(OTHER)] }), { allowOtherNhsNumbers: true });
    expect(env.sandbox.getMessage(other.messageId)?.status).toBe('PENDING');
  });

  it('skipLocalValidation skips the cross-check too (server testing only)', async () => {
    const { client } = countingClient();
    const sent = await client.messages.send(standardMessage({ attachments: [await letterNaming(OTHER)] }), { skipLocalValidation: true });
    expect(env.sandbox.getMessage(sent.messageId)).toBeDefined();
  });
});

describe.each(ENGINES)('wrong-patient cross-check through the tracker on $engine', ({ engine, skip }) => {
  it.skipIf(skip)('refused: nothing sent, nothing kept; with the override: sent, and the override kept for a resend', async () => {
    const tracker = await openTracker(engine, env.client());
    const message = gpMessage({ attachments: [await letterNaming(OTHER)] });
    await expect(tracker.send('gpconnect', message)).rejects.toBeInstanceOf(LocalValidationError);
    expect((await tracker.list()).items).toEqual([]);

    // The first attempt meets a 503: the message is queued, and the tracker's resend must carry the override.
    env.sandbox.failNext({ operation: 'gpconnect.send', status: 503, retryAfterSeconds: 0, count: 4 });
    const queued = await tracker.send('gpconnect', message, { allowOtherNhsNumbers: true });
    expect(queued.outcome).toBe('queued');
    await tracker.start();
    await eventually('resent', async () => (await tracker.get(queued.messageId))?.stage === 'following');
    expect(env.sandbox.getMessage(queued.messageId)?.status).toBe('PENDING');
  });
});
