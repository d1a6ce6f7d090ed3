// npm run demo: the whole sender flow against a sandbox started in this
// process, in numbered steps, ending with the delivery tracker and the
// worklist. No network, no keys, finishes in seconds.
import {
  AttachmentContentRejectedError,
  AttachmentPreviouslyRejectedError,
  CdmsClient,
  LocalValidationError,
  attachmentFromBytes,
  type Logger,
  type StandardMessageParams,
} from 'cdms-sdk';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EICAR_TEST_FILE_BASE64, startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { ATTENTION_REASON_LABELS, createTracker } from 'cdms-sdk/tracker';
import { createWorklist } from 'cdms-sdk/worklist';
import { PATIENT, expiresInDays, samplePdf, systolicBloodPressure } from './support/documents.js';
import { mask, maskNhsNumber, say, step } from './support/output.js';

const USER = 'dr.patel';

/** Prints the SDK's retries as they happen; nothing else. */
const showRetries: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (fields) => {
    if (fields.event === 'retry') say(`↻ the service answered ${String(fields.reason)}; the SDK retries in ${String(fields.delayMs)} ms, same messageId`);
  },
  error: () => undefined,
};

function standardMessage(recipient: string, overrides: Partial<StandardMessageParams> = {}): StandardMessageParams {
  return {
    topic: 'Discharge Summary',
    recipient: { id: { type: 'OcsClientIdentifier', value: recipient } },
    subject: { id: { type: 'VerifiedNhsNumber', value: PATIENT.nhsNumber } },
    expiryDateTime: expiresInDays(14),
    body: { mimeType: 'text/plain', content: 'Discharged home; summary attached.' },
    attachments: [attachmentFromBytes(samplePdf('Discharge summary'), { fileName: 'Discharge summary.pdf' })],
    codedDataItems: [systolicBloodPressure(128)],
    ...overrides,
  };
}

async function standardFlow(cdms: CdmsClient, sandbox: Sandbox, recipient: string): Promise<void> {
  step(3, 'A standard send: a PDF and a coded blood pressure');
  const { messageId } = await cdms.messages.send(standardMessage(recipient));
  say(`✓ accepted for patient ${maskNhsNumber(PATIENT.nhsNumber)} at ${recipient}; messageId ${messageId}`);

  step(4, 'Polling its status until a practice user imports it in the toolbar');
  const importer = setTimeout(() => sandbox.toolbar.import(messageId), 400);
  const final = await cdms.messages.waitForStatus(messageId, {
    intervalMs: 150,
    timeoutMs: 10_000,
    until: (s) => (say(`… ${s.status}`), s.status === 'COMPLETED'),
  });
  clearTimeout(importer);
  say(`✓ ${final.status} (live systems: poll at most four times a day, see planStatusPolls)`);
}

async function instantFlow(cdms: CdmsClient, sandbox: Sandbox, recipient: string): Promise<void> {
  step(5, 'The instant flow: access code → token → verify → instant send → automatic import');
  const accessCode = await sandbox.issueAccessCode(USER);
  say(`the practice user creates an access code in the toolbar and types it in (${mask(accessCode)})`);
  const token = await cdms.tokens.exchange(accessCode);
  say(`✓ exchanged once for the user's token ${mask(token)}; store it against their account`);
  say(`✓ verify: ${(await cdms.tokens.verify(token)) ? 'valid' : 'no longer valid'}`);
  sandbox.toolbar.run(USER);
  const { messageId } = await cdms.instant.send(standardMessage(recipient, { topic: 'Pharmacy Consultation', codedDataItems: [] }), { accessToken: token });
  say(`✓ instant message sent: ${messageId}`);
  const final = await cdms.messages.waitForStatus(messageId, { intervalMs: 100, timeoutMs: 10_000 });
  say(`✓ ${final.status}: imported by the user's running toolbar, no review needed`);
}

async function gpFlow(cdms: CdmsClient, sandbox: Sandbox): Promise<void> {
  step(6, 'The GP route: the infrastructure is busy (503), the SDK retries and succeeds');
  sandbox.failNext({ operation: 'gpconnect.send', status: 503, retryAfterSeconds: 1 });
  const { messageId } = await cdms.gpconnect.send({
    topic: 'Consultation Summary',
    recipient: { id: { value: 'UNK' } },
    subject: { id: { type: 'NHSNumber', value: PATIENT.nhsNumber } },
    attachments: [attachmentFromBytes(samplePdf('Consultation summary'), { fileName: 'Consultation summary.pdf' })],
    gpConnectAdditionalInformation: {
      recipientType: 'For Action',
      senderReference: 'OOH-DEMO-0001',
      confidentiality: false,
      versionNumber: 1,
      patient: { name: { family: PATIENT.family, given: PATIENT.given }, dateOfBirth: PATIENT.dateOfBirth },
      typeCode: '11429006',
      typeDescription: 'Consultation',
    },
  });
  say(`✓ accepted on the retry; messageId ${messageId}`);
  for (let i = 0; i < 3; i++) {
    const { status, subStatus } = await cdms.gpconnect.status(messageId);
    say(`… ${status} (${subStatus ?? 'null'})`);
    if (i < 2) sandbox.gpRoute.advance(messageId);
  }
}

/** Runs `call`, which must throw an error of class `Class`; returns that error. */
async function expectError<E extends Error>(Class: abstract new (...args: never[]) => E, call: () => Promise<unknown>): Promise<E> {
  try {
    await call();
  } catch (error) {
    if (error instanceof Class) return error;
    throw error;
  }
  throw new Error(`expected ${Class.name}, but the call succeeded`);
}

async function rejections(cdms: CdmsClient, recipient: string): Promise<void> {
  step(7, 'A rejected virus: the EICAR anti-virus test file');
  const infected = standardMessage(recipient, { attachments: [{ mimeType: 'text/plain', fileName: 'eicar.txt', content: EICAR_TEST_FILE_BASE64 }] });
  const rejected = await expectError(AttachmentContentRejectedError, () => cdms.messages.send(infected));
  say(`✓ ${rejected.name}: attachments[${String(rejected.attachmentIndex)}] failed the virus scan`);
  const refused = await expectError(AttachmentPreviouslyRejectedError, () => cdms.messages.send({ ...infected, messageId: crypto.randomUUID() }));
  say(`✓ ${refused.name}: the SDK refuses to send that content again (spec: must not resend it)`);

  step(8, 'A local validation error: caught before anything is sent');
  const mistyped = standardMessage(recipient, { subject: { id: { type: 'VerifiedNhsNumber', value: '9434765918' } }, expiryDateTime: '2020-01-01T00:00:00Z' });
  const invalid = await expectError(LocalValidationError, () => cdms.messages.send(mistyped));
  for (const p of invalid.invalidParameters) say(`✓ ${p.name}: ${p.reason}`);
}

async function trackerFlow(cdms: CdmsClient, sandbox: Sandbox, recipient: string): Promise<void> {
  step(10, 'The delivery tracker: every message followed to its end; what fails goes to a person');
  const where = mkdtempSync(join(tmpdir(), 'cdms-demo-'));
  // The polling interval is shortened for the sandbox only: live, the tracker polls at most four times a day.
  const tracker = await createTracker({ client: cdms, database: join(where, 'ledger'), pollIntervalMs: 200 });
  try {
    await tracker.start();
    const kept = await tracker.send('standard', standardMessage(recipient));
    const refused = await tracker.send('standard', standardMessage(recipient));
    say(`✓ two summaries in the ledger before they left (${kept.outcome}, ${refused.outcome}); their content is erased now the service holds them`);
    sandbox.toolbar.import(kept.messageId);
    sandbox.toolbar.reject(refused.messageId);
    let waiting = await tracker.get(refused.messageId);
    while (!waiting?.attention) {
      await new Promise((r) => setTimeout(r, 50));
      waiting = await tracker.get(refused.messageId);
    }
    say(`✓ the tracker polled and found it REJECTED: "${ATTENTION_REASON_LABELS[waiting.attention.reason]}" needs a person`);

    step(11, 'The worklist: where the people who act see it, and the audit of what they did');
    const worklist = createWorklist({ tracker, authorize: () => ({ id: 'j.smith' }) }); // your app's sign-in goes here
    const queue = await (await worklist.fetch(new Request('http://worklist.local/'))).text();
    say(`✓ the list shows ${(queue.match(/data-message-id=/g) ?? []).length} message under "${ATTENTION_REASON_LABELS.rejected}", with what to do: phone the practice`);
    await tracker.acknowledge(refused.messageId, { by: 'j.smith', note: 'Phoned the practice: registered elsewhere.' });
    const [entry] = (await tracker.audit({ messageId: refused.messageId })).items;
    say(`✓ acknowledged; the audit keeps it: ${entry?.by} ${entry?.action} "${entry?.note}"`);
    say('  serve it in your app (cdms-sdk/worklist), or from a terminal: cdms track serve --local-user <you>');
    await worklist.close();
  } finally {
    await tracker.close();
    rmSync(where, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({ port: 0, seed: 1 });
  try {
    const cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, logger: showRetries });
    const recipient = sandbox.recipients[0] ?? 'A81001';
    console.log(`cdms-sdk demo: a sandbox of the service is running at ${sandbox.url} (key ${mask(sandbox.apiKey)})`);

    step(1, 'Connectivity test');
    await cdms.test();
    say('✓ the service accepts the API key');

    step(2, 'Topics');
    say(`✓ ${(await cdms.topics.list()).map((t) => t.topicName).join(' · ')}`);

    await standardFlow(cdms, sandbox, recipient);
    await instantFlow(cdms, sandbox, recipient);
    await gpFlow(cdms, sandbox);
    await rejections(cdms, recipient);

    step(9, 'A widget registration');
    await cdms.widgets.register({
      name: 'Referral Tracker',
      icon: 'clipboard',
      launchUrl: 'https://widgets.example.org/launch',
      encryptionSecret: crypto.randomUUID().replace(/-/g, ''),
      requiresUserData: true,
      requiresPatientData: false,
    });
    say('✓ registered; the operator approves it manually before it appears on toolbars');

    await trackerFlow(cdms, sandbox, recipient);

    const stats = sandbox.stats();
    console.log(`\nDone: ${stats.requests} requests to the sandbox, ${stats.faults.serviceUnavailable} injected 503.`);
  } finally {
    await sandbox.close();
  }
}

main().catch((error: unknown) => {
  console.error(`demo failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  process.exitCode = 1;
});
