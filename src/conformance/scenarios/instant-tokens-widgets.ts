// The instant route, instant access tokens and widget registration. Each
// needs what only a practice user can give (an access code from the
// toolbar, a running toolbar, a revoked token): the sandbox's controls play
// that user.
import { isRecord } from '../../internal/is-record.js';
import { CONTROL_PATHS } from '../../sandbox/control/paths.js';
import { standardMessage } from '../documents.js';
import type { ConformanceScenario, ScenarioContext } from '../context.js';

const USER_ACTS = 'it needs an access code from a practice user\'s toolbar, which the sandbox controls play; against a test mailbox, run the instant flow with the practice';

/** A practice user's access code, exchanged for their token. */
async function userToken(ctx: ScenarioContext, user: string): Promise<string> {
  const issued = await ctx.sandbox.call('POST', CONTROL_PATHS.accessCodes, { user });
  const code = isRecord(issued) && typeof issued.accessCode === 'string' ? issued.accessCode : '';
  ctx.settings.addSecret(code);
  const token = await ctx.client.tokens.exchange(code);
  ctx.settings.addSecret(token);
  ctx.check(token.length > 0, 'the access code was exchanged for a token');
  return token;
}

/** Sends an instant message of the reserved patient `patient` for `user`. */
async function sendInstant(ctx: ScenarioContext, id: string, user: string, patient: 'import' | 'fallback'): Promise<string> {
  const token = await userToken(ctx, `${user}-${id}`);
  await ctx.sandbox.call('POST', CONTROL_PATHS.toolbarRun, { user: `${user}-${id}` });
  const message = standardMessage(id, ctx.settings.recipient, ctx.settings.topic, patient);
  const sent = await ctx.client.instant.send(message, { accessToken: token });
  await ctx.follow('instant', sent.messageId, message.expiryDateTime);
  return sent.messageId;
}

/** The instant route, tokens and widgets. */
export const INSTANT_TOKEN_WIDGET_SCENARIOS: readonly ConformanceScenario[] = [
  {
    id: 'INS-01',
    title: 'instant message imported by a running toolbar',
    suite: 'instant',
    requirements: ['CDMS-INSTANT', 'CDMS-TOKEN'],
    proves: "An instant message sent with the user's token is imported automatically by their running toolbar.",
    needsControls: USER_ACTS,
    async run(ctx) {
      const messageId = await sendInstant(ctx, 'INS-01', 'conformance.user', 'import');
      const final = await ctx.waitForStatus('instant', messageId, 'status COMPLETED', (s) => s.status === 'COMPLETED');
      ctx.check(final.status === 'COMPLETED', 'the status endpoint reports COMPLETED');
      await ctx.trackerShows(messageId, 'settled', null);
    },
  },
  {
    id: 'INS-02',
    title: 'instant fall-back to a standard message',
    suite: 'instant',
    requirements: ['CDMS-FALLBACK'],
    proves: "When the automatic import fails, the sender sees 'Failed instant message import' and the message waits for the practice as a standard one.",
    needsControls: USER_ACTS,
    async run(ctx) {
      const messageId = await sendInstant(ctx, 'INS-02', 'conformance.user', 'fallback');
      const s = await ctx.waitForStatus('instant', messageId, "subStatus 'Failed instant message import'", (x) => x.status === 'PENDING' && x.subStatus === 'Failed instant message import');
      ctx.check(s.subStatus === 'Failed instant message import', "the status endpoint reports PENDING, 'Failed instant message import'");
      await ctx.trackerShows(messageId, 'following', 'instant-fell-back');
    },
  },
  {
    id: 'TOK-01',
    title: 'access code exchanged, token verified',
    suite: 'tokens',
    requirements: ['CDMS-TOKEN'],
    proves: "An access code is exchanged once for the user's token, and the token verifies as valid.",
    needsControls: USER_ACTS,
    async run(ctx) {
      const token = await userToken(ctx, 'conformance.tok01');
      ctx.check(await ctx.client.tokens.verify(token), 'verify says the token is valid');
    },
  },
  {
    id: 'TOK-02',
    title: 'revoked token verifies false',
    suite: 'tokens',
    requirements: ['CDMS-TOKEN'],
    proves: 'A token the user revoked verifies as no longer valid (410), so the sender asks for a new access code.',
    needsControls: 'it revokes a token through the sandbox controls',
    async run(ctx) {
      const token = await userToken(ctx, 'conformance.tok02');
      await ctx.sandbox.call('POST', CONTROL_PATHS.revokeToken, { token });
      ctx.check(!(await ctx.client.tokens.verify(token)), 'verify says the revoked token is no longer valid');
    },
  },
  {
    id: 'WID-01',
    title: 'widget registered',
    suite: 'widgets',
    requirements: ['CDMS-WIDGET'],
    proves: 'A widget registration is accepted by the service (the operator approves it before toolbars show it).',
    async run(ctx) {
      const secret = crypto.randomUUID().replace(/-/g, '');
      ctx.settings.addSecret(secret);
      await ctx.client.widgets.register({
        name: `Conformance ${crypto.randomUUID().slice(0, 8)}`,
        icon: 'clipboard',
        launchUrl: 'https://widgets.example.org/conformance',
        encryptionSecret: secret,
        requiresUserData: true,
        requiresPatientData: false,
      });
      ctx.check(true, 'the registration was accepted');
    },
  },
];
