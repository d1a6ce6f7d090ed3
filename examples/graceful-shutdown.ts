// A sender service that stops cleanly on SIGTERM, as Kubernetes, systemd,
// `docker stop` and PM2 stop a process: it takes no more work, lets the send
// under way finish and its outcome be recorded, closes the tracker (which
// waits for the polls and event deliveries under way too) and exits.
//
// A hard kill loses nothing either: the next start finds a send cut short
// still `sending` and settles it through the status endpoint. A clean stop
// settles it at once, and leaves no lease for another instance to wait out.
//
// The work here is a queue of three documents. Against the embedded sandbox
// the example ends by itself once the queue is empty, through the same
// shutdown; send it SIGTERM (Ctrl-C sends SIGINT, handled alike) while it
// sends to see it stop after the send under way. The ledger is
// CDMS_TRACKER_DATABASE (and CDMS_TRACKER_SCHEMA) when set, as for `cdms
// track`, else a temporary directory.
//
//   npx tsx examples/graceful-shutdown.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attachmentFromBytes } from 'cdms-sdk';
import { createTracker } from 'cdms-sdk/tracker';
import { run } from './support/connect.js';
import { PATIENT, pickTopic, samplePdf } from './support/documents.js';
import { say } from './support/output.js';

const scratch = process.env.CDMS_TRACKER_DATABASE ? undefined : mkdtempSync(join(tmpdir(), 'cdms-shutdown-example-'));

await run(async ({ cdms, recipient }) => {
  const tracker = await createTracker({
    client: cdms,
    database: process.env.CDMS_TRACKER_DATABASE ?? join(scratch ?? '.', 'ledger'),
    schema: process.env.CDMS_TRACKER_SCHEMA,
  });
  await tracker.start();

  // One shutdown, whatever asks for it first: a signal, or the end of the work.
  let stopping = false;
  let shutdown: Promise<void> | undefined;
  const stop = (why: string): Promise<void> =>
    (shutdown ??= (async () => {
      stopping = true; // 1. take no more work (an HTTP server would stop accepting here: server.close())
      say(`${why}: stopping; the send under way finishes first`);
      await tracker.close(); // 2. waits for the sends, polls and deliveries under way, records them, closes the database
      say('tracker closed cleanly');
    })());
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  const topic = pickTopic(await cdms.topics.list(), 'Discharge Summary');
  for (const title of ['Discharge summary', 'Clinic letter', 'Referral']) {
    if (stopping) break;
    const { messageId, outcome } = await tracker.send('standard', {
      topic,
      recipient: { id: { type: 'OcsClientIdentifier', value: recipient } },
      subject: { id: { type: 'VerifiedNhsNumber', value: PATIENT.nhsNumber } },
      attachments: [attachmentFromBytes(samplePdf(title), { fileName: `${title.toLowerCase().replaceAll(' ', '-')}.pdf` })],
    });
    say(`sent ${messageId} (${outcome})`);
  }
  await stop('queue empty');
});

if (scratch) rmSync(scratch, { recursive: true, force: true });
