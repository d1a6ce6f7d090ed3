// `cdms send --track`: the send goes through the delivery tracker, which
// writes the message to its ledger before the request and records the
// outcome, so a sender's system (or a person with `cdms track`) can follow
// it. Following it (polls, resends) is the work of an app that runs the
// tracker on the same database; the command records and reports.
import type { CdmsClient, Route } from '../index.js';
import type { Tracker, TrackerSendResult } from '../tracker/internal.js';
import type { CliContext } from './config.js';
import type { PreparedMessage } from './message.js';
import { withTracker, type TrackerDatabaseFlags } from './tracker-database.js';

/** What each outcome means, in the output. */
const OUTCOME: Readonly<Record<TrackerSendResult['outcome'], string>> = {
  sent: 'sent: the service holds the message',
  queued: 'queued: not delivered yet; the tracker sends it again later with the same messageId',
  unconfirmed: 'unconfirmed: it may have arrived; the tracker checks its status and sends it again only if the service does not have it',
};

const HEADLINE: Readonly<Record<TrackerSendResult['outcome'], (route: Route) => string>> = {
  sent: (route) => `Sent by the ${route} route and recorded in the tracker.`,
  queued: (route) => `Not delivered yet by the ${route} route: queued in the tracker.`,
  unconfirmed: (route) => `Sent by the ${route} route, not confirmed yet: recorded in the tracker.`,
};

function humanLines(route: Route, result: TrackerSendResult): string[] {
  return [
    HEADLINE[result.outcome](route),
    `messageId  ${result.messageId}`,
    `outcome    ${OUTCOME[result.outcome]}`,
    ...(result.recovered ? ['recovered  yes: the first attempt ended unclearly; the service confirmed it holds the message (not sent twice)'] : []),
    'An app running the tracker on this database follows it from here (polls, resends).',
    `See it with: cdms track show ${result.messageId}`,
  ];
}

function sendBy(tracker: Tracker, prepared: PreparedMessage, accessToken: string | undefined): Promise<TrackerSendResult> {
  switch (prepared.route) {
    case 'standard':
      return tracker.send('standard', prepared.message);
    case 'instant':
      return tracker.send('instant', prepared.message, { accessToken: accessToken ?? '' });
    case 'gpconnect':
      return tracker.send('gpconnect', prepared.message);
  }
}

/**
 * Sends `prepared` through a tracker on the chosen database and prints the
 * outcome. The tracker's send takes no abort signal: Ctrl-C lets it finish so
 * that its outcome is recorded (a second Ctrl-C exits at once, and the
 * tracker settles the message on its next start).
 */
export async function sendTracked(
  ctx: CliContext,
  client: CdmsClient,
  prepared: PreparedMessage,
  flags: TrackerDatabaseFlags,
  accessToken: string | undefined,
): Promise<void> {
  const onAbort = () =>
    ctx.out.diagnostic('Finishing the send so that the tracker records its outcome; press Ctrl-C again to stop at once (the tracker settles it on its next start).');
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const result = await withTracker(ctx, flags, client, (tracker) => {
      ctx.tracked = true;
      return sendBy(tracker, prepared, accessToken);
    });
    ctx.out.result({ route: prepared.route, ...result }, humanLines(prepared.route, result));
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
  }
}
