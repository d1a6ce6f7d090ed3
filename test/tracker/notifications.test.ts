// Notifications against real local servers: an SMTP server (smtp-server)
// receives the digest, an HTTP receiver verifies the webhooks' signatures
// with the standardwebhooks library; neither carries patient data; a
// notifier that fails is retried, survives a restart, and never holds up the
// app's own event handlers. On both engines.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/index.js';
import { createTracker, emailDigest, webhook, type AttentionWebhookPayload, type Tracker } from '../../src/tracker/index.js';
import { standardMessage } from '../contract/support.js';
import { PATIENT } from '../helpers/fixtures.js';
import { useSandbox } from '../sandbox/support.js';
import { ENGINES, FAST, attentionOf, collectEvents, databaseFor, eventually, useTrackers } from './support.js';

const env = useSandbox();
const openTracker = useTrackers();
const PATIENT_DATA = [PATIENT.nhsNumber, PATIENT.family, PATIENT.given, PATIENT.dateOfBirth, '943 476 5919'];

/** A local SMTP server that keeps every mail, refusing the first `refuse` with a temporary failure. */
class MailCatcher {
  readonly mails: { at: number; raw: string }[] = [];
  refuse = 0;
  readonly #server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, done) => {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (this.refuse > 0) {
          this.refuse--;
          done(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
          return;
        }
        this.mails.push({ at: Date.now(), raw: raw.replace(/=\r\n/g, '') });
        done();
      });
    },
  });

  port = 0;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.port = (this.#server.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/** A webhook receiver that verifies each POST's signature, answering the statuses queued (then 204). */
class Receiver {
  readonly secret = `whsec_${randomBytes(32).toString('base64')}`;
  readonly received: { headers: IncomingHttpHeaders; body: string; verified: AttentionWebhookPayload | undefined; status: number }[] = [];
  readonly statuses: number[] = [];
  readonly #server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      let verified: AttentionWebhookPayload | undefined;
      try {
        verified = new Webhook(this.secret).verify(body, req.headers as Record<string, string>) as AttentionWebhookPayload;
      } catch {
        verified = undefined;
      }
      const status = verified ? (this.statuses.shift() ?? 204) : 401;
      this.received.push({ headers: req.headers, body, verified, status });
      res.writeHead(status).end();
    });
  });

  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/cdms-hooks`;
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

const smtp = new MailCatcher();
const hooks = new Receiver();
beforeAll(async () => {
  await Promise.all([smtp.start(), hooks.start()]);
});
afterAll(async () => {
  await Promise.all([smtp.close(), hooks.close()]);
});

const WORKLIST_URL = 'https://ooh.example.nhs.uk/worklist';
const digest = (everyMs = 1_000) =>
  emailDigest({ smtp: { host: '127.0.0.1', port: smtp.port, ignoreTLS: true }, from: 'worklist@example.nhs.uk', to: ['team@example.nhs.uk'], everyMs, worklistUrl: WORKLIST_URL });

/** Sends a message and has the practice reject it (or lets it expire); resolves once the tracker has raised it. */
async function raise(tracker: Tracker, how: 'reject' | 'expire'): Promise<string> {
  const { messageId } = await tracker.send('standard', standardMessage());
  if (how === 'reject') env.sandbox.toolbar.reject(messageId);
  else env.sandbox.expire(messageId);
  await attentionOf(tracker, messageId, how === 'reject' ? 'rejected' : 'expired');
  return messageId;
}

describe.each(ENGINES)('notifications ($engine)', ({ engine, skip }) => {
  it.skipIf(skip)('the e-mail digest: counts by reason and the link, at most once every everyMs, never a messageId or patient data', async () => {
    const before = smtp.mails.length;
    const tracker = await openTracker(engine, env.client(), { notify: [digest(1_500)] });
    await tracker.start();
    const ids = [await raise(tracker, 'reject'), await raise(tracker, 'expire')];
    const first = await eventually('the first digest', () => smtp.mails.length > before && smtp.mails[before]!);
    const third = await raise(tracker, 'reject');
    const second = await eventually('the second digest', () => smtp.mails.length > before + 1 && smtp.mails[before + 1]!);
    expect(second.at - first.at).toBeGreaterThanOrEqual(1_400);
    const subject = /^Subject: (.*)$/m.exec(first.raw)?.[1] ?? '';
    expect(subject).toMatch(/^Clinical documents: [12] new messages? needs? a person$/);
    const all = smtp.mails.slice(before).map((m) => m.raw).join('\n');
    expect(all).toContain('Waiting for a person now:');
    expect(all).toContain(`Open the worklist: ${WORKLIST_URL}`);
    expect(second.raw).toContain('Rejected by the practice: 1');
    expect(second.raw).toMatch(/Waiting for a person now: 3/);
    for (const forbidden of [...PATIENT_DATA, ...ids, third, 'Discharge Summary']) expect(all).not.toContain(forbidden);
  });

  it.skipIf(skip)('webhooks: one signed POST per attention event, verified by the receiver, with no patient data', async () => {
    const before = hooks.received.length;
    const tracker = await openTracker(engine, env.client(), { notify: [webhook({ url: hooks.url, secret: hooks.secret })] });
    await tracker.start();
    const rejected = await raise(tracker, 'reject');
    const expired = await raise(tracker, 'expire');
    await eventually('two webhooks', () => hooks.received.length >= before + 2);
    await new Promise((r) => setTimeout(r, 300)); // none more follow
    const posts = hooks.received.slice(before);
    expect(posts).toHaveLength(2);
    expect(posts.every((p) => p.verified !== undefined)).toBe(true);
    const [one, two] = posts.map((p) => p.verified!);
    expect(one).toMatchObject({
      type: 'message.attention',
      data: { messageId: rejected, reason: 'rejected', route: 'standard', topic: 'Discharge Summary', recipient: 'A81001', expiryDateTime: null },
    });
    expect(two?.data).toMatchObject({ messageId: expired, reason: 'expired' });
    expect(Object.keys(one!.data).sort()).toEqual(['expiryDateTime', 'messageId', 'raisedAt', 'reason', 'recipient', 'route', 'sentAt', 'topic']);
    expect(posts[0]!.headers['webhook-id']).toBe(`msg_${rejected}_rejected`);
    for (const forbidden of PATIENT_DATA) expect(posts.map((p) => p.body).join('\n')).not.toContain(forbidden);
    // Their loop is among the health check's.
    expect((await tracker.health()).loops?.notifications).toMatchObject({ running: true, failures: 0, lastError: null });
    // Tampered, the same body fails verification: the receiver's check is real.
    expect(() => new Webhook(hooks.secret).verify(posts[0]!.body.replace('rejected', 'expired'), posts[0]!.headers as Record<string, string>)).toThrow();
  });

  it.skipIf(skip)("a failing notifier is retried and survives a restart, without holding up the app's handlers or another notifier", async () => {
    const where = databaseFor(engine);
    const [hooksBefore, mailsBefore] = [hooks.received.length, smtp.mails.length];
    hooks.statuses.push(500, 503, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500, 500);
    const notify = () => [webhook({ url: hooks.url, secret: hooks.secret }), digest()];
    const first = await createTracker({ client: env.client(), ...where, ...FAST, notify: notify() });
    const events = collectEvents(first);
    await first.start();
    const messageId = await raise(first, 'reject');
    await eventually('retries', () => hooks.received.length >= hooksBefore + 3);
    await eventually('the app handler got the attention', () => events.some((e) => e.kind === 'attention'));
    await eventually('the digest went anyway', () => smtp.mails.length > mailsBefore);
    // Three failures in a row: the health check says so (a warning: the tracker does its work), naming the notifier, not the digest.
    const warned = await eventually('the health warning', async () => {
      const health = await first.health();
      return health.reasons.some((r) => r.code === 'notifier-failing') && health;
    });
    expect(warned.ok).toBe(true);
    const warnings = warned.reasons.filter((r) => r.code === 'notifier-failing').map((r) => r.message);
    expect(warnings).toEqual([expect.stringMatching(/^The notifier "webhook http:\/\/127\.0\.0\.1:\d+" failed \d+ times in a row \(/)]);
    // The default name leaves the URL's path out: services put their secret token there.
    expect(warnings.join()).not.toContain('/cdms-hooks');
    await first.close();
    const refusedSoFar = hooks.received.length - hooksBefore;
    expect(hooks.received.slice(hooksBefore).every((p) => p.status >= 500)).toBe(true);
    hooks.statuses.length = 0;
    // A restart: the notice is still owed, and delivered by the new process.
    const second = await openTracker(engine, env.client(), { ...where, notify: notify() });
    await second.start();
    const delivered = await eventually('delivered after the restart', () => hooks.received.slice(hooksBefore).find((p) => p.status === 204));
    expect(delivered.verified?.data.messageId).toBe(messageId);
    const attempts = hooks.received.slice(hooksBefore);
    expect(attempts.length).toBeGreaterThan(refusedSoFar);
    expect(new Set(attempts.map((p) => p.headers['webhook-id']))).toEqual(new Set([`msg_${messageId}_rejected`]));
    await new Promise((r) => setTimeout(r, 300));
    expect(hooks.received.slice(hooksBefore).filter((p) => p.status === 204)).toHaveLength(1);
    expect(smtp.mails.length).toBe(mailsBefore + 1);
    // Delivered: the warning is gone.
    expect((await second.health()).reasons.map((r) => r.code)).not.toContain('notifier-failing');
  });

  it.skipIf(skip)('an SMTP server that refuses for a while gets the digest once it accepts', async () => {
    const before = smtp.mails.length;
    smtp.refuse = 2;
    const tracker = await openTracker(engine, env.client(), { notify: [digest()] });
    await tracker.start();
    await raise(tracker, 'reject');
    await eventually('the digest after two refusals', () => smtp.mails.length > before);
    expect(smtp.refuse).toBe(0);
    expect(smtp.mails.length).toBe(before + 1);
  });
});

describe('notifier options', () => {
  it('are checked before anything opens, saying what to fix', async () => {
    expect(() => webhook({ url: 'http://alerts.example.nhs.uk/x', secret: `whsec_${randomBytes(32).toString('base64')}` })).toThrow(/https/);
    expect(() => webhook({ url: 'https://alerts.example.nhs.uk/x', secret: 'hunter2' })).toThrow(ConfigurationError);
    expect(() => emailDigest({ smtp: 'mysql://x', from: 'nope', to: [], worklistUrl: 'ftp://x', everyMs: 10 })).toThrow(
      /smtp must be.*from must be.*to must be.*everyMs must be.*worklistUrl must be/,
    );
    const twice = [webhook({ url: 'https://a.example/x', secret: hooks.secret }), webhook({ url: 'https://a.example/x', secret: hooks.secret })];
    await expect(createTracker({ client: env.client(), database: 'memory:', notify: twice })).rejects.toThrow(/two notifiers are named/);
  });
});
