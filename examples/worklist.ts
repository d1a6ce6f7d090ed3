// The worklist: a web page for the people who act on documents that did not
// reach the patient's record, mounted in your own server behind your own
// sign-in. Here node:http with a stand-in sign-in (the person named by a
// cookie); in your app, `authorize` reads your session.
//
// Against the embedded sandbox, the example sends three discharge summaries,
// a practice rejects one and lets one expire, and a person works the list
// over HTTP as the page's buttons do: assigns the rejection, acknowledges it
// with a note, sends the expired one again; then it prints the audit as CSV.
// With --keep-open it stays up for you to open the printed address (sign-in
// cookie `user=<name>`, set by visiting /sign-in?as=<name>) until Ctrl-C.
//
//   npx tsx examples/worklist.ts [--keep-open]
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attachmentFromBytes, type StandardMessageParams } from 'cdms-sdk';
import { createTracker, type Tracker } from 'cdms-sdk/tracker';
import { createWorklist, type WorklistRequest } from 'cdms-sdk/worklist';
import { run } from './support/connect.js';
import { PATIENT, expiresInDays, pickTopic, samplePdf } from './support/documents.js';
import { say, step } from './support/output.js';

const where = mkdtempSync(join(tmpdir(), 'cdms-worklist-example-'));
const keepOpen = process.argv.includes('--keep-open');

/** The stand-in sign-in: the person a `user` cookie names. Your app reads its own session here. */
function signedIn(request: WorklistRequest): { id: string } | null {
  const header = request instanceof Request ? request.headers.get('cookie') : request.headers.cookie;
  const cookie = Array.isArray(header) ? header.join('; ') : header;
  const user = /(?:^|;\s*)user=([a-z.]{1,40})/.exec(cookie ?? '')?.[1];
  return user ? { id: user } : null;
}

/** Waits until the tracker has raised attention on a message. */
async function raised(tracker: Tracker, messageId: string): Promise<void> {
  while (!(await tracker.get(messageId))?.attention) await new Promise((r) => setTimeout(r, 50));
}

await run(async ({ cdms, sandbox, recipient }) => {
  if (!sandbox) {
    say('This example needs the embedded sandbox (unset CDMS_BASE_URL and CDMS_API_KEY): it has a practice reject and expire documents.');
    return;
  }
  const tracker = await createTracker({ client: cdms, database: join(where, 'ledger'), pollIntervalMs: 200 });
  const topic = pickTopic(await cdms.topics.list(), 'Discharge Summary');
  const summary = (title: string): StandardMessageParams => ({
    topic,
    recipient: { id: { type: 'OcsClientIdentifier', value: recipient } },
    subject: { id: { type: 'VerifiedNhsNumber', value: PATIENT.nhsNumber } },
    expiryDateTime: expiresInDays(14),
    attachments: [attachmentFromBytes(samplePdf(title), { fileName: `${title}.pdf` })],
  });
  // Your app keeps its documents: the worklist asks it for one to send again (the ledger erased the content).
  const documents = new Map<string, StandardMessageParams>();
  const worklist = createWorklist({
    tracker,
    authorize: signedIn,
    basePath: '/worklist',
    title: 'Out-of-hours worklist',
    patient: (item) => (documents.has(item.messageId) ? { nhsNumber: PATIENT.nhsNumber, name: `${PATIENT.family.toUpperCase()}, ${PATIENT.given}` } : null),
    resend: (item) => {
      const document = documents.get(item.messageId);
      return document ? { ...document, messageId: undefined, expiryDateTime: expiresInDays(14) } : null;
    },
  });
  const server = createServer((req, res) => {
    // The stand-in sign-in page: sets the cookie and goes to the list.
    const signIn = /^\/sign-in\?as=([a-z.]{1,40})$/.exec(req.url ?? '');
    if (signIn) res.writeHead(303, { 'Set-Cookie': `user=${signIn[1]}; HttpOnly; SameSite=Lax; Path=/`, Location: '/worklist/' }).end();
    else worklist.handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/worklist`;
  try {
    await tracker.start();
    step(1, 'Three discharge summaries sent; the practice imports one, rejects one, and lets one expire');
    const sent = [];
    for (const title of ['Discharge summary A', 'Discharge summary B', 'Discharge summary C']) {
      const message = summary(title);
      const { messageId } = await tracker.send('standard', message);
      documents.set(messageId, message);
      sent.push(messageId);
    }
    const [imported, rejected, expired] = sent as [string, string, string];
    sandbox.toolbar.import(imported);
    sandbox.toolbar.reject(rejected);
    sandbox.expire(expired);
    await Promise.all([raised(tracker, rejected), raised(tracker, expired)]);

    step(2, `The worklist at ${base}/`);
    const as = (user: string) => ({ cookie: `user=${user}` });
    const anonymous = await fetch(`${base}/`);
    say(`without a sign-in: ${anonymous.status} (nothing from the ledger)`);
    const queue = await (await fetch(`${base}/`, { headers: as('j.smith') })).text();
    say(`signed in: ${(queue.match(/data-message-id=/g) ?? []).length} messages need a person`);

    step(3, 'A person works the list, as the page\'s buttons do (htmx\'s header, the page\'s origin)');
    const act = (path: string, form: Record<string, string>) =>
      fetch(`${base}/messages/${path}`, {
        method: 'POST',
        headers: { ...as('j.smith'), 'HX-Request': 'true', Origin: new URL(base).origin, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
      });
    say(`assign the rejection to me: ${(await act(`${rejected}/assign`, { ifAssignee: '' })).status}`);
    say(`acknowledge it with a note: ${(await act(`${rejected}/acknowledge`, { note: 'Phoned the practice: patient registered elsewhere; sent there by hand.', reason: 'rejected' })).status}`);
    say(`send the expired one again: ${(await act(`${expired}/resend`, { note: 'Expired unread over the weekend.' })).status}`);
    const replacement = (await tracker.get(expired))?.replacedBy;
    say(`✓ sent again as ${replacement}; both show the link in tracker.get()`);

    step(4, 'The audit: who did what, when, and why (append-only)');
    const csv = await (await fetch(`${base}/audit.csv`, { headers: as('j.smith') })).text();
    for (const line of csv.trim().split('\r\n')) say(line);

    if (keepOpen) {
      say(`\nOpen http://127.0.0.1:${(server.address() as AddressInfo).port}/sign-in?as=j.smith in a browser; Ctrl-C to stop.`);
      await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
    }
  } finally {
    await worklist.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await tracker.close();
    rmSync(where, { recursive: true, force: true });
  }
});
