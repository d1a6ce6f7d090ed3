// What each error means and what to do about it, shown by causing each one
// against the embedded sandbox (only the safe ones run against a real
// environment).
//
//   npx tsx examples/handle-errors.ts
import {
  AttachmentContentRejectedError,
  AttachmentPreviouslyRejectedError,
  AuthenticationError,
  BadRequestError,
  CdmsClient,
  CdmsError,
  LocalValidationError,
  NotFoundError,
  attachmentFromBytes,
  type StandardMessageParams,
} from 'cdms-sdk';
import { EICAR_TEST_FILE_BASE64 } from 'cdms-sdk/sandbox';
import { run } from './support/connect.js';
import { PATIENT, samplePdf } from './support/documents.js';
import { say } from './support/output.js';

/** Runs `call` and describes the error it throws the way a sender's code would branch on it. */
async function attempt(label: string, call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
    say(`${label}: no error`);
  } catch (error) {
    say(`${label}: ${describe(error)}`);
  }
}

function describe(error: unknown): string {
  if (error instanceof LocalValidationError) return `LocalValidationError, nothing sent; fix ${error.invalidParameters.map((p) => p.name).join(', ')}`;
  if (error instanceof AttachmentPreviouslyRejectedError) return `AttachmentPreviouslyRejectedError: attachments[${error.attachmentIndex}] was rejected before, not resent`;
  if (error instanceof AttachmentContentRejectedError) return `AttachmentContentRejectedError: attachments[${String(error.attachmentIndex)}] must never be resent`;
  if (error instanceof BadRequestError) return `BadRequestError ${error.instance ?? ''}: ${error.invalidParameters.map((p) => `${p.name} ${p.reason}`).join('; ')}`;
  if (error instanceof AuthenticationError) return 'AuthenticationError: check CDMS_API_KEY for this environment';
  if (error instanceof NotFoundError) return 'NotFoundError: unknown id, other route, or removed after expiry';
  if (error instanceof CdmsError) return `${error.name} (delivery: ${error.delivery ?? 'n/a'})`;
  return String(error);
}

await run(async ({ cdms, sandbox, where, recipient }) => {
  say(`Connected to ${where}`);
  const message = (overrides: Partial<StandardMessageParams> = {}): StandardMessageParams => ({
    topic: 'Discharge Summary',
    recipient: { id: { type: 'OcsClientIdentifier', value: recipient } },
    subject: { id: { type: 'VerifiedNhsNumber', value: PATIENT.nhsNumber } },
    attachments: [attachmentFromBytes(samplePdf('Discharge summary'), { fileName: 'summary.pdf' })],
    ...overrides,
  });

  await attempt('Invalid NHS number and file name', () =>
    cdms.messages.send(message({ subject: { id: { type: 'VerifiedNhsNumber', value: '9434765918' } }, attachments: [{ mimeType: 'application/pdf', fileName: 'summary?.pdf', content: 'JVBERi0=' }] })),
  );
  await attempt('Unknown status id', () => cdms.messages.status(crypto.randomUUID()));
  await attempt('Wrong API key', () => new CdmsClient({ baseUrl: cdms.baseUrl, apiKey: 'not-the-key' }).test());
  if (!sandbox) return;

  await attempt('Practice that does not use the service', () => cdms.messages.send(message({ recipient: { id: { type: 'OcsClientIdentifier', value: 'Z99999' } } })));
  const infected = message({ attachments: [{ mimeType: 'text/plain', fileName: 'eicar.txt', content: EICAR_TEST_FILE_BASE64 }] });
  await attempt('Infected attachment (EICAR test file)', () => cdms.messages.send(infected));
  await attempt('The same attachment again', () => cdms.messages.send({ ...infected, messageId: crypto.randomUUID() }));
});
