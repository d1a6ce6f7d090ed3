// Polling for status the way the service asks: at most four times a day and
// once just before expiry on live systems (planStatusPolls), and quickly only
// against the sandbox (waitForStatus), where a practice user imports the
// message while we poll.
//
//   npx tsx examples/status-polling.ts
import { attachmentFromBytes, isTerminalStatus, planStatusPolls } from 'cdms-sdk';
import { run } from './support/connect.js';
import { PATIENT, expiresInDays, pickTopic, samplePdf } from './support/documents.js';
import { say } from './support/output.js';

await run(async ({ cdms, sandbox, where, recipient }) => {
  say(`Connected to ${where}`);
  const expiryDateTime = expiresInDays(2);
  const sentAt = new Date();
  const { messageId } = await cdms.messages.send({
    topic: pickTopic(await cdms.topics.list(), 'Clinic Letter'),
    recipient: { id: { type: 'OcsClientIdentifier', value: recipient } },
    subject: { id: { type: 'VerifiedNhsNumber', value: PATIENT.nhsNumber } },
    expiryDateTime,
    attachments: [attachmentFromBytes(samplePdf('Clinic letter'), { fileName: 'letter.pdf' })],
  });
  say(`Sent ${messageId}, expiring ${expiryDateTime}`);

  const plan = planStatusPolls({ messageId, sentAt, expiryDateTime });
  say(`On a live system, poll at: ${plan.times.map((d) => d.toISOString()).join(', ')}${plan.whyEmpty ? ` (${plan.whyEmpty.message})` : ''}`);

  if (!sandbox) {
    const { status } = await cdms.messages.status(messageId);
    say(`Status now: ${status}${isTerminalStatus(status) ? ' (final)' : ''}`);
    return;
  }
  // In the sandbox a practice user imports the message a moment later.
  const importer = setTimeout(() => sandbox.toolbar.import(messageId), 300);
  const final = await cdms.messages.waitForStatus(messageId, {
    intervalMs: 100,
    timeoutMs: 10_000,
    until: (s) => {
      say(`… ${s.status}`);
      return isTerminalStatus(s.status);
    },
  });
  clearTimeout(importer);
  say(`Final: ${final.status} at ${final.updated}`);
});
