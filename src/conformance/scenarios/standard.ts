// The operations and the standard route's scenarios: every outcome a
// standard message can have, the local and remote refusals, the rejected
// content that must never be resent, a 503 and its retry, and an unclear
// attempt settled by a look-up.
import { AttachmentContentRejectedError, AttachmentPreviouslyRejectedError, BadRequestError, LocalValidationError } from '../../index.js';
import { EICAR_TEST_FILE_BASE64 } from '../../sandbox/index.js';
import { CONTROL_PATHS } from '../../sandbox/control/paths.js';
import { gpMessage, standardMessage } from '../documents.js';
import type { ConformanceScenario, ScenarioContext } from '../context.js';

const CONTROLS = 'it scripts a fault through the sandbox controls, which a test mailbox does not have';

/** A standard send of a reserved patient that the sandbox drives to `status`; the tracker must then show `stage` and `attention`. */
function outcome(
  id: string,
  title: string,
  patient: 'import' | 'reject' | 'fail' | 'expire',
  status: string,
  stage: 'settled' | 'following',
  attention: string | null,
  proves: string,
): ConformanceScenario {
  return {
    id,
    title,
    suite: 'standard',
    requirements: ['CDMS-SEND', 'CDMS-STATUS'],
    proves,
    async run(ctx: ScenarioContext) {
      const message = standardMessage(id, ctx.settings.recipient, ctx.settings.topic, patient);
      const sent = await ctx.client.messages.send(message);
      ctx.check(typeof sent.messageId === 'string' && sent.statusEndpoint.includes(sent.messageId), 'the service accepted the message and gave its status endpoint');
      await ctx.follow('standard', sent.messageId, message.expiryDateTime);
      const final = await ctx.waitForStatus('standard', sent.messageId, `status ${status}`, (s) => s.status === status);
      ctx.check(final.status === status, `the status endpoint reports ${status}`);
      await ctx.trackerShows(sent.messageId, stage, attention);
    },
  };
}

/** The operations and the standard route. */
export const STANDARD_SCENARIOS: readonly ConformanceScenario[] = [
  {
    id: 'OPS-01',
    title: 'connectivity test',
    suite: 'operations',
    requirements: ['CDMS-TEST'],
    proves: 'The integration reaches the service and its API key is accepted.',
    async run(ctx) {
      await ctx.client.test();
      ctx.check(true, 'GET /api/v1/test answered with the key accepted');
    },
  },
  {
    id: 'OPS-02',
    title: 'topics listed',
    suite: 'operations',
    requirements: ['CDMS-TOPICS'],
    proves: 'The integration reads the topics and sends only a topic the service lists.',
    async run(ctx) {
      const topics = await ctx.client.topics.list();
      ctx.check(topics.length > 0, 'the service lists at least one topic');
      ctx.check(topics.some((t) => t.topicName === ctx.settings.topic), `the topic the run sends ('${ctx.settings.topic}') is listed`);
    },
  },
  outcome('STD-01', 'accepted and imported', 'import', 'COMPLETED', 'settled', null, 'A standard message is accepted, imported by the practice, and followed to COMPLETED.'),
  outcome('STD-02', 'rejected by the practice', 'reject', 'REJECTED', 'settled', 'rejected', 'A rejection reaches the sender and is put before a person.'),
  outcome('STD-03', 'failed import', 'fail', 'FAILED', 'following', 'failed', 'A failed import is seen, still followed (the practice may retry it), and put before a person.'),
  outcome('STD-04', 'expired before the practice took it', 'expire', 'EXPIRED', 'settled', 'expired', 'An expiry reaches the sender and is put before a person.'),
  {
    id: 'STD-05',
    title: 'invalid message refused locally, nothing sent',
    suite: 'standard',
    requirements: ['CDMS-VALIDATION'],
    proves: 'A message with an invalid NHS number and a past expiry is refused with every problem named, before anything leaves.',
    async run(ctx) {
      const before = ctx.settings.requests();
      const message = standardMessage('STD-05', ctx.settings.recipient, ctx.settings.topic, 'import', {
        subject: { id: { type: 'VerifiedNhsNumber', value: '9990001007' } },
        expiryDateTime: '2020-01-01T00:00:00Z',
      });
      const error = await ctx.expectError(LocalValidationError, 'the SDK refuses it with LocalValidationError', () => ctx.client.messages.send(message));
      const names = error.invalidParameters.map((p) => p.name);
      ctx.check(names.includes('subject.id.value') && names.includes('expiryDateTime'), 'the refusal names the NHS number and the expiry', names.join(', '));
      ctx.check(ctx.sendsSince(before).length === 0, 'nothing was sent');
    },
  },
  {
    id: 'STD-06',
    title: 'unknown recipient refused by the service',
    suite: 'standard',
    requirements: ['CDMS-ERRORS'],
    proves: 'A 400 from the service is read, names the field, and is not retried.',
    async run(ctx) {
      const before = ctx.settings.requests();
      const message = standardMessage('STD-06', 'Z99999', ctx.settings.topic, 'import');
      const error = await ctx.expectError(BadRequestError, 'the service refuses it with 400 (BadRequestError)', () => ctx.client.messages.send(message));
      ctx.check(error.invalidParameters.some((p) => p.name.startsWith('recipient')), 'the refusal names the recipient');
      ctx.check(ctx.sendsSince(before).length === 1, 'it was sent once, not retried');
    },
  },
  {
    id: 'STD-07',
    title: 'rejected content never sent again',
    suite: 'standard',
    requirements: ['CDMS-CONTENT'],
    proves: "An attachment the service's virus scan rejects (the EICAR test file) is refused by the SDK on any later send, before it leaves.",
    async run(ctx) {
      const infected = standardMessage('STD-07', ctx.settings.recipient, ctx.settings.topic, 'import', {
        attachments: [{ mimeType: 'text/plain', fileName: 'eicar.txt', content: EICAR_TEST_FILE_BASE64 }],
      });
      await ctx.expectError(AttachmentContentRejectedError, 'the service rejects the content (AttachmentContentRejectedError)', () => ctx.client.messages.send(infected));
      const before = ctx.settings.requests();
      await ctx.expectError(AttachmentPreviouslyRejectedError, 'a new message with the same content is refused (AttachmentPreviouslyRejectedError)', () =>
        ctx.client.messages.send({ ...infected, messageId: crypto.randomUUID() }),
      );
      ctx.check(ctx.sendsSince(before).length === 0, 'the content was not sent again');
    },
  },
  {
    id: 'STD-08',
    title: '503 and its retry, same messageId',
    suite: 'standard',
    requirements: ['CDMS-RETRY', 'CDMS-GP-SEND'],
    proves: 'A 503 from the GP route (the only send the spec lets a sender repeat) is retried with the same messageId and the message is accepted once.',
    needsControls: CONTROLS,
    async run(ctx) {
      await ctx.sandbox.call('POST', CONTROL_PATHS.failNext, { operation: 'gpconnect.send', status: 503, retryAfterSeconds: 1 });
      const before = ctx.settings.requests();
      const message = gpMessage('STD-08', '30001');
      const sent = await ctx.client.gpconnect.send(message);
      const attempts = ctx.sendsSince(before);
      ctx.check(attempts.length === 2 && attempts[0]?.status === 503 && (attempts[1]?.status ?? 0) >= 200 && (attempts[1]?.status ?? 0) < 300, 'two attempts were made: the 503, then the retry, accepted', attempts.map((a) => a.status).join(', '));
      const ids = attempts.map((a) => (a.requestBody as { messageId?: unknown } | null)?.messageId);
      ctx.check(ids[0] === sent.messageId && ids[1] === sent.messageId, 'both attempts carried the same messageId');
      await ctx.follow('gpconnect', sent.messageId, undefined, 1);
      const final = await ctx.waitForStatus('gpconnect', sent.messageId, 'status COMPLETED', (s) => s.status === 'COMPLETED');
      ctx.check(final.status === 'COMPLETED', 'the message was accepted and filed');
      await ctx.trackerShows(sent.messageId, 'settled', null);
    },
  },
  {
    id: 'STD-09',
    title: 'unclear attempt settled by a look-up',
    suite: 'standard',
    requirements: ['CDMS-UNCLEAR'],
    proves: 'When the connection drops after the service processed a send, the SDK looks the messageId up instead of resending, and reports the send as recovered.',
    needsControls: CONTROLS,
    async run(ctx) {
      await ctx.sandbox.call('PUT', CONTROL_PATHS.faults, { resetAfterRate: 1, operations: ['messages.send'] });
      const message = standardMessage('STD-09', ctx.settings.recipient, ctx.settings.topic, 'import');
      const before = ctx.settings.requests();
      const { recovered, messageId } = await ctx.client.messages.send(message).finally(() => ctx.sandbox.call('PUT', CONTROL_PATHS.faults, {}));
      ctx.check(recovered, 'the send is reported as recovered through the status endpoint');
      ctx.check(ctx.sendsSince(before).length === 1, 'the message was sent once: the SDK looked it up instead of resending it');
      await ctx.follow('standard', messageId, message.expiryDateTime);
      const final = await ctx.waitForStatus('standard', messageId, 'status COMPLETED', (s) => s.status === 'COMPLETED');
      ctx.check(final.status === 'COMPLETED', 'the one message the service holds is imported');
      await ctx.trackerShows(messageId, 'settled', null);
    },
  },
];
