// The instant flow: a practice user's access code becomes their access token
// (once per user), the token is verified, and an instant message is imported
// automatically by the user's running toolbar.
//
//   npx tsx examples/instant-flow.ts
// Against a real environment set CDMS_ACCESS_CODE (typed by the user from
// the toolbar) or CDMS_ACCESS_TOKEN (stored from an earlier exchange).
import { attachmentFromBytes } from 'cdms-sdk';
import { run } from './support/connect.js';
import { PATIENT, pickTopic, samplePdf } from './support/documents.js';
import { mask, say } from './support/output.js';

const USER = 'dr.patel';

await run(async ({ cdms, sandbox, where, recipient }) => {
  say(`Connected to ${where}`);
  // In real life the user generates the code in the toolbar and types it into your system.
  const accessCode = sandbox ? await sandbox.issueAccessCode(USER) : process.env.CDMS_ACCESS_CODE?.trim();
  let token = process.env.CDMS_ACCESS_TOKEN?.trim();
  if (accessCode) {
    token = await cdms.tokens.exchange(accessCode);
    say(`Exchanged the user's access code for their token ${mask(token)}; store it against the user's account`);
  }
  if (!token) {
    say('Skipped: set CDMS_ACCESS_CODE or CDMS_ACCESS_TOKEN to run the instant flow against a real environment.');
    return;
  }
  say(`Token valid: ${await cdms.tokens.verify(token)}`);

  sandbox?.toolbar.run(USER); // the user is logged in with the toolbar running
  const topic = pickTopic(await cdms.topics.list(), 'Pharmacy Consultation');
  const { messageId } = await cdms.instant.send(
    {
      topic,
      recipient: { id: { type: 'OcsClientIdentifier', value: recipient } },
      subject: { id: { type: 'VerifiedNhsNumber', value: PATIENT.nhsNumber } },
      attachments: [attachmentFromBytes(samplePdf('Pharmacy consultation'), { fileName: 'consultation.pdf' })],
    },
    { accessToken: token },
  );
  say(`Sent instant message ${messageId}`);
  if (sandbox) {
    const final = await cdms.messages.waitForStatus(messageId, { intervalMs: 100, timeoutMs: 10_000 });
    say(`Imported automatically by the running toolbar: ${final.status}`);
  } else {
    say(`Status: ${(await cdms.messages.status(messageId)).status}`);
  }
});
