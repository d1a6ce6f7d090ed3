// The GP route: one scenario per acknowledgement and refusal code of the
// catalogue (ids from the code, so they stay put when the catalogue grows),
// the three missing-acknowledgement cases, and a replacement. The sandbox
// reads the outcome from the practitioner's given name, as the ITK3 Test
// Harness does.
import { ITK_INFRASTRUCTURE_SUCCESS, ITK_REPLACEMENT_NOT_PROCESSED, type GpRouteCode } from '../../schemas/gp-route-codes.js';
import { SENT_TO_MESH } from '../../schemas/vocabulary.js';
import { gpMessage } from '../documents.js';
import { DRIVABLE_GP_CODES, gpCodeRequirementId } from '../requirements.js';
import type { ConformanceScenario, ScenarioContext } from '../context.js';

/** The scenario id of a code: GP-ITK-30002, GP-MESH-EPL-153. */
export function gpScenarioId(code: GpRouteCode): string {
  return `GP-${gpCodeRequirementId(code).replace(/^ITK3/, 'ITK')}`;
}

/** Sends the GP-route message with `trigger` as the practitioner's given name and hands it to the tracker. */
async function sendGp(ctx: ScenarioContext, id: string, trigger: string): Promise<string> {
  const sent = await ctx.client.gpconnect.send(gpMessage(id, trigger));
  ctx.check(sent.statusEndpoint.includes(sent.messageId), 'the service accepted the GP-route message');
  await ctx.follow('gpconnect', sent.messageId, undefined, 1);
  return sent.messageId;
}

function codeScenario(code: GpRouteCode): ConformanceScenario {
  const id = gpScenarioId(code);
  const success = code.code === ITK_INFRASTRUCTURE_SUCCESS;
  const positive = success || code.outcome === 'positive';
  const final = positive ? 'COMPLETED' : 'REJECTED';
  const finalCode = success ? '30001' : code.code;
  return {
    id,
    title: `${code.code} ${code.display}`,
    suite: 'gp',
    requirements: ['CDMS-GP-SEND', gpCodeRequirementId(code)],
    proves: success
      ? "The practice's infrastructure acknowledgement (20013) is seen on the way, then the filing (30001)."
      : positive
        ? `${code.meaning} The sender sees ${final} '${code.code}' and nothing needs a person.`
        : `${code.meaning} The sender sees ${final} '${code.code}' and the message is put before a person.`,
    async run(ctx) {
      const messageId = await sendGp(ctx, id, code.code);
      let sawSuccess = false;
      const s = await ctx.waitForStatus('gpconnect', messageId, `${final} '${finalCode}'`, (x) => {
        if (x.subStatus?.startsWith(ITK_INFRASTRUCTURE_SUCCESS)) sawSuccess = true;
        return x.status === final;
      });
      ctx.check(s.status === final && (s.subStatus ?? '').startsWith(finalCode), `the GP-route status endpoint reports ${final} '${finalCode} …'`, `${s.status} '${s.subStatus ?? ''}'`);
      if (success) ctx.check(sawSuccess, `'${ITK_INFRASTRUCTURE_SUCCESS} - Success' was seen before the filing`);
      // A refused replacement (20014) voids two versions: the tracker names its own reason for it.
      await ctx.trackerShows(messageId, 'settled', positive ? null : code.code === ITK_REPLACEMENT_NOT_PROCESSED ? 'replacement-rejected' : 'rejected');
    },
  };
}

/** The GP route's scenarios. */
export const GP_SCENARIOS: readonly ConformanceScenario[] = [
  ...DRIVABLE_GP_CODES.map(codeScenario),
  {
    id: 'GP-NORESPONSE',
    title: 'no acknowledgement of any kind',
    suite: 'gp',
    requirements: ['CDMS-GP-SEND', 'CDMS-GP-ACK'],
    proves: `A message that stays '${SENT_TO_MESH}' is noticed and put before a person (no-infrastructure-ack).`,
    async run(ctx) {
      const messageId = await sendGp(ctx, 'GP-NORESPONSE', 'noresponse');
      const s = await ctx.client.gpconnect.status(messageId);
      ctx.check(s.status === 'PENDING' && s.subStatus === SENT_TO_MESH, `the status endpoint reports PENDING '${SENT_TO_MESH}'`);
      await ctx.trackerShows(messageId, 'following', 'no-infrastructure-ack');
    },
  },
  {
    id: 'GP-NOINFACK',
    title: 'filed without an infrastructure acknowledgement',
    suite: 'gp',
    requirements: ['CDMS-GP-SEND', 'CDMS-GP-ACK', 'ITK3-30001'],
    proves: "A filing (30001) that comes without the practice's infrastructure acknowledgement is still seen as filed.",
    async run(ctx) {
      const messageId = await sendGp(ctx, 'GP-NOINFACK', 'noinfack');
      let sawSuccess = false;
      const s = await ctx.waitForStatus('gpconnect', messageId, "COMPLETED '30001'", (x) => {
        if (x.subStatus?.startsWith(ITK_INFRASTRUCTURE_SUCCESS)) sawSuccess = true;
        return x.status === 'COMPLETED';
      });
      ctx.check((s.subStatus ?? '').startsWith('30001') && !sawSuccess, "the status endpoint reports COMPLETED '30001' with no '20013' before it");
      await ctx.trackerShows(messageId, 'settled', null);
    },
  },
  {
    id: 'GP-NOBUSACK',
    title: 'received, no business response',
    suite: 'gp',
    requirements: ['CDMS-GP-SEND', 'CDMS-GP-ACK', 'ITK3-20013'],
    proves: 'A message received by the practice (20013) that is never filed is noticed and put before a person (no-business-ack).',
    async run(ctx) {
      const messageId = await sendGp(ctx, 'GP-NOBUSACK', 'nobusack');
      const s = await ctx.waitForStatus('gpconnect', messageId, "'20013 - Success'", (x) => (x.subStatus ?? '').startsWith(ITK_INFRASTRUCTURE_SUCCESS));
      ctx.check(s.status === 'PENDING', "the status endpoint reports PENDING '20013 - Success'");
      await ctx.trackerShows(messageId, 'following', 'no-business-ack');
    },
  },
  {
    id: 'GP-REPLACE',
    title: 'replacement of a filed document',
    suite: 'gp',
    requirements: ['CDMS-GP-SEND', 'CDMS-GP-REPLACE'],
    proves: 'The next version of a document goes out with versionNumber 2 and relatesTo the first, and the two are linked.',
    async run(ctx) {
      const original = await sendGp(ctx, 'GP-REPLACE', '30001');
      await ctx.waitForStatus('gpconnect', original, 'the first version to be filed', (x) => x.status === 'COMPLETED');
      const next = gpMessage('GP-REPLACE-v2', '30001');
      const tracker = ctx.tracker;
      let replacement: string;
      if (tracker) {
        const { gpConnectAdditionalInformation: info, ...rest } = next;
        const { versionNumber: _v, relatesTo: _r, ...kept } = info;
        const result = await tracker.replace(original, { ...rest, gpConnectAdditionalInformation: kept }, { by: 'conformance', note: 'Conformance run: replacement.' });
        replacement = result.messageId;
        ctx.messageIds.push(replacement);
        ctx.check(result.versionNumber === 2, 'the tracker sent it as version 2');
        const linked = await tracker.get(original);
        ctx.check(linked?.replacedBy === replacement, 'the first version names its replacement');
      } else {
        const sent = await ctx.client.gpconnect.send({ ...next, gpConnectAdditionalInformation: { ...next.gpConnectAdditionalInformation, versionNumber: 2, relatesTo: original } });
        replacement = sent.messageId;
        ctx.messageIds.push(replacement);
        ctx.check(true, 'version 2 was sent with relatesTo the first (tracker part not run)');
      }
      const s = await ctx.waitForStatus('gpconnect', replacement, 'the replacement to be filed', (x) => x.status === 'COMPLETED');
      ctx.check(s.status === 'COMPLETED', 'the replacement was filed');
      await ctx.trackerShows(replacement, 'settled', null, (m) => m.replaces === original);
    },
  },
];
