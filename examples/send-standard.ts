// Send a standard message: a PDF, consultation notes and a coded item to a
// practice, then read its status. Against the embedded sandbox, a practice
// user then imports it.
//
//   npx tsx examples/send-standard.ts
import { attachmentFromBytes, attachmentFromText } from 'cdms-sdk';
import { run } from './support/connect.js';
import { PATIENT, expiresInDays, pickTopic, samplePdf, systolicBloodPressure } from './support/documents.js';
import { maskNhsNumber, say } from './support/output.js';

await run(async ({ cdms, sandbox, where, recipient }) => {
  say(`Connected to ${where}`);
  const topic = pickTopic(await cdms.topics.list(), 'Discharge Summary');

  const { messageId, statusEndpoint } = await cdms.messages.send({
    topic,
    recipient: { id: { type: 'OcsClientIdentifier', value: recipient } },
    subject: { id: { type: 'VerifiedNhsNumber', value: PATIENT.nhsNumber } },
    expiryDateTime: expiresInDays(14),
    body: { mimeType: 'text/plain', content: 'Discharged home; see the attached summary.' },
    attachments: [
      attachmentFromBytes(samplePdf('Discharge summary'), { fileName: 'Discharge summary.pdf' }),
      attachmentFromText('Seen on the ward; BP 128/82.', { fileName: 'notes.txt', mimeType: 'text/vnd.vendor.service.consultation' }),
    ],
    codedDataItems: [systolicBloodPressure(128)],
  });
  say(`Sent "${topic}" for patient ${maskNhsNumber(PATIENT.nhsNumber)} to ${recipient}: messageId ${messageId}`);
  say(`Status endpoint: ${statusEndpoint}`);
  say(`Status now: ${(await cdms.messages.status(messageId)).status}`);

  if (sandbox) {
    sandbox.toolbar.import(messageId); // the practice user imports it in the toolbar
    say(`After the practice imports it: ${(await cdms.messages.status(messageId)).status}`);
  } else {
    say('A practice user imports or rejects it in the toolbar; poll sparingly (see status-polling.ts).');
  }
});
