// The worklist's actions, each on one message, by the person `authorize`
// returned (never anyone a form names): acknowledge with a note, assign to
// me or unassign, send again through the app's `resend` (decision
// D-WORKLIST-05), poll now.
import { ATTENTION_REASONS, type TrackedMessage } from '../tracker/index.js';
import { html } from '../web/html.js';
import type { WorklistConfig, WorklistPerson, WorklistResendMessage } from './options.js';
import { done, refused, type Outcome } from './outcomes.js';
import { REASON_GUIDES } from './reasons.js';

/** The action names, as the paths say them. */
export const ACTIONS = ['acknowledge', 'assign', 'unassign', 'resend', 'poll'] as const;

/** One of {@link ACTIONS}. */
export type ActionName = (typeof ACTIONS)[number];

/** An action's input: the message, the person, the form. */
export interface ActionInput {
  config: WorklistConfig;
  messageId: string;
  person: WorklistPerson;
  form: URLSearchParams;
}

const field = (form: URLSearchParams, name: string): string | undefined => form.get(name) ?? undefined;
/** The assignee the person saw ('' for nobody), so that of two people taking it at once one wins. */
const seenAssignee = (form: URLSearchParams): string | null | undefined => {
  const value = form.get('ifAssignee');
  return value === null ? undefined : value === '' ? null : value;
};

/** Runs an action; a thrown error is explained by the caller. */
export async function runAction(name: ActionName, input: ActionInput): Promise<Outcome> {
  const { config, messageId, person, form } = input;
  const { tracker } = config;
  switch (name) {
    case 'acknowledge': {
      const reason = ATTENTION_REASONS.find((r) => r === field(form, 'reason'));
      await tracker.acknowledge(messageId, { by: person.id, note: form.get('note') ?? '', reason });
      return done(html`Acknowledged: the message has left the list. <a href="${config.basePath}/">Back to the list</a>`);
    }
    case 'assign':
      await tracker.assign(messageId, person.id, { by: person.id, ifAssignee: seenAssignee(form) });
      return done(html`Assigned to you.`);
    case 'unassign':
      await tracker.assign(messageId, null, { by: person.id, ifAssignee: seenAssignee(form) });
      return done(html`Unassigned: it is nobody's now.`);
    case 'resend':
      return resend(input);
    case 'poll': {
      if (!tracker.pollNow) return refusedAndKept(input, 'poll-now', 405, 'This worklist cannot poll: it was opened without a connection to the service.');
      const message = await tracker.pollNow(messageId, { by: person.id });
      // The poll just made set the last error (or cleared it): a failure the tracker audited as failed.
      if (message.lastError) return refused(502, html`Not polled: the service did not answer just now. The tracker will ask again by itself; you can try again later.`, true);
      return done(html`Polled: the service says ${message.status ?? 'nothing yet'}${message.subStatus ? ` (${message.subStatus})` : ''}.`);
    }
  }
}

async function resend({ config, messageId, person, form }: ActionInput): Promise<Outcome> {
  const { tracker } = config;
  const input = { config, messageId, person, form };
  if (!config.resend || !tracker.send) return refusedAndKept(input, 'resend', 405, 'This worklist cannot send messages again.');
  const item = await tracker.get(messageId);
  if (!item) return refused(404, html`The tracker holds no such message.`);
  if (item.replacedBy) {
    await keep(input, 'resend', `Not sent again: it was already sent again, as ${item.replacedBy}.`);
    return refused(409, html`Not sent again: it was already sent again, as <a class="id" href="${config.basePath}/messages/${item.replacedBy}">${item.replacedBy}</a>.`, true);
  }
  if (!item.attention || !REASON_GUIDES[item.attention.reason].resend) {
    return refusedAndKept(input, 'resend', 409, 'Not sent again: sending again is not offered for its reason. See what to do on its page.');
  }
  const message = await config.resend(item, person);
  if (!message) {
    return refusedAndKept(input, 'resend', 409, 'Not sent again: the sending system no longer holds the document. Follow the steps on this page instead.');
  }
  const note = form.get('note')?.trim() || undefined;
  const sent = await sendReplacement(config, item, message, { replaces: messageId, by: person.id, note, metadata: item.metadata ?? undefined });
  const what = sent.outcome === 'sent' ? 'the service holds it' : sent.outcome === 'queued' ? 'it is queued and will be sent shortly' : 'the tracker is confirming it arrived';
  return done(html`Sent again as <a class="id" href="${config.basePath}/messages/${sent.messageId}">${sent.messageId}</a>: ${what}.`);
}

/** Keeps a refusal in the audit (when the tracker can), so every action asked for has its entry. */
async function keep({ config, messageId, person }: ActionInput, action: 'resend' | 'poll-now', detail: string): Promise<void> {
  await config.tracker.recordRefusal?.(messageId, { by: person.id, action, detail });
}

/** A refusal said to the person and kept in the audit in the same words. */
async function refusedAndKept(input: ActionInput, action: 'resend' | 'poll-now', status: number, sentence: string): Promise<Outcome> {
  await keep(input, action, sentence);
  return refused(status, html`${sentence}`, true);
}

/** Sends on the item's route: the GP route's as such, anything else as a standard message (an instant message has no access token to send with). */
function sendReplacement(
  config: WorklistConfig,
  item: TrackedMessage,
  message: WorklistResendMessage,
  options: { replaces: string; by: string; note: string | undefined; metadata: Record<string, unknown> | undefined },
) {
  const send = config.tracker.send!.bind(config.tracker);
  // The app may hand back the document as first sent: a message needs an id of its own, so that one is dropped.
  const reused = typeof message.messageId === 'string' && message.messageId.toLowerCase() === item.messageId.toLowerCase();
  const fresh = reused ? { ...message, messageId: undefined } : message;
  return item.route === 'gpconnect'
    ? send('gpconnect', fresh as Parameters<typeof send<'gpconnect'>>[1], options)
    : send('standard', fresh as Parameters<typeof send<'standard'>>[1], options);
}
