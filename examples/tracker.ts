// Follow every message to its end with the delivery tracker: a durable
// ledger written before each send, polls within the service's guidance,
// events to the app, and an attention list of what a person must look at.
//
// Against the embedded sandbox the polling interval is shortened to a
// fraction of a second and a practice user imports one document and rejects
// the other; against a real environment the tracker keeps the service's
// pace (four polls a day) and this example only shows the send.
//
//   npx tsx examples/tracker.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attachmentFromBytes } from 'cdms-sdk';
import { createTracker, type TrackerEvent } from 'cdms-sdk/tracker';
import { run } from './support/connect.js';
import { PATIENT, pickTopic, samplePdf } from './support/documents.js';
import { say } from './support/output.js';

const where = mkdtempSync(join(tmpdir(), 'cdms-tracker-example-'));

await run(async ({ cdms, sandbox, recipient }) => {
  const tracker = await createTracker({
    client: cdms,
    database: join(where, 'ledger'), // the embedded database; a postgres:// URL to share it between instances
    ...(sandbox ? { pollIntervalMs: 200 } : {}), // only ever shorten the interval against the sandbox
  });
  try {
    const settled = new Set<string>();
    tracker.onEvent((event: TrackerEvent) => {
      say(`event ${event.kind.padEnd(14)} ${event.messageId.slice(0, 8)}… ${describe(event)}`);
      if (event.kind === 'terminal') settled.add(event.messageId);
    });
    await tracker.start();

    const topic = pickTopic(await cdms.topics.list(), 'Discharge Summary');
    const send = (title: string) =>
      tracker.send('standard', {
        topic,
        recipient: { id: { type: 'OcsClientIdentifier', value: recipient } },
        subject: { id: { type: 'VerifiedNhsNumber', value: PATIENT.nhsNumber } },
        attachments: [attachmentFromBytes(samplePdf(title), { fileName: `${title.toLowerCase().replaceAll(' ', '-')}.pdf` })],
      }, { metadata: { ourReference: title } });
    const summary = await send('Discharge summary');
    const letter = await send('Clinic letter');
    say(`Sent ${summary.messageId} (${summary.outcome}) and ${letter.messageId} (${letter.outcome}); the ledger holds them, their content is erased`);

    if (!sandbox) {
      say('The tracker follows them at the service\'s pace; run `cdms track list` to see them later.');
      return;
    }
    sandbox.toolbar.import(summary.messageId);
    sandbox.toolbar.reject(letter.messageId);
    while (settled.size < 2) await new Promise((r) => setTimeout(r, 50));

    for (const m of (await tracker.list({ attention: true })).items) {
      say(`needs attention: ${m.messageId.slice(0, 8)}… ${m.attention?.reason}: ${m.attention?.detail}`);
      await tracker.acknowledge(m.messageId); // once a person has dealt with it
    }
    const stats = await tracker.stats();
    say(`ledger: ${stats.total} messages, ${JSON.stringify(stats.byStatus)}, ${stats.attention} needing attention`);
  } finally {
    await tracker.close();
    rmSync(where, { recursive: true, force: true });
  }
});

function describe(event: TrackerEvent): string {
  switch (event.kind) {
    case 'sent':
      return event.recovered ? 'held by the service (confirmed after an unclear send)' : 'held by the service';
    case 'status-changed':
      return `${event.from ?? 'none'} → ${event.to}${event.subStatus ? ` (${event.subStatus})` : ''}`;
    case 'terminal':
      return `final: ${event.status}`;
    case 'attention':
      return `${event.reason}`;
  }
}
