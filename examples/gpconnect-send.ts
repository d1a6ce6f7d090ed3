// Send a consultation summary by the GP route (GP Connect over MESH). The
// embedded sandbox makes the first attempt meet a 503; the SDK retries with
// the same messageId, honouring Retry-After. Then MESH and the practice move
// the message along.
//
//   npx tsx examples/gpconnect-send.ts
import { attachmentFromBytes, type Logger } from 'cdms-sdk';
import { run } from './support/connect.js';
import { PATIENT, gpConnectInformation, pickTopic, samplePdf } from './support/documents.js';
import { maskNhsNumber, say } from './support/output.js';

/** Shows the SDK's retries; everything else stays quiet. */
const retries: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (fields) => {
    if (fields.event === 'retry') say(`↻ ${String(fields.reason)}: retrying in ${String(fields.delayMs)} ms with the same messageId`);
  },
  error: () => undefined,
};

await run(
  async ({ cdms, sandbox, where }) => {
    say(`Connected to ${where}`);
    sandbox?.failNext({ operation: 'gpconnect.send', status: 503, retryAfterSeconds: 0 });
    const topic = pickTopic(await cdms.topics.list(), 'Consultation Summary');
    const { messageId } = await cdms.gpconnect.send({
      topic,
      // Routing uses the patient, so the practice may be unknown (UNK).
      recipient: { id: { value: 'UNK' } },
      subject: { id: { type: 'NHSNumber', value: PATIENT.nhsNumber } },
      attachments: [attachmentFromBytes(samplePdf('Consultation summary'), { fileName: 'Consultation summary.pdf' })],
      // Patient, author, encounter type, version: see gpConnectInformation() and docs/gp-route.md.
      gpConnectAdditionalInformation: gpConnectInformation(),
    });
    say(`Sent for patient ${maskNhsNumber(PATIENT.nhsNumber)}: messageId ${messageId}`);
    const show = async () => {
      const { status, subStatus } = await cdms.gpconnect.status(messageId);
      say(`Status: ${status} (${subStatus ?? 'no subStatus'})`);
    };
    await show();
    if (!sandbox) return;
    sandbox.gpRoute.advance(messageId); // the practice's system acknowledges receipt (ITK3 20013)
    await show();
    sandbox.gpRoute.advance(messageId); // and files it in the patient record
    await show();
  },
  { client: { logger: retries } },
);
