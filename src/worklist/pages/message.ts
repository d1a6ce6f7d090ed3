// A message's page: what it is and where it stands, why it needs a person
// (what that means and what to do, for its reason and route), the actions
// that fit (acknowledge with a note, assign, send again, poll now), and what
// happened, in order. The live part fetches itself again when this message
// changes; a note being typed is kept.
import { ROUTE_LABELS } from '../../web/display.js';
import { html, type Html } from '../../web/html.js';
import { ATTENTION_REASON_LABELS, type TrackedMessage, type TrackerAuditEntry } from '../../tracker/index.js';
import type { WorklistPatient, WorklistPerson, WorklistPractice } from '../options.js';
import { REASON_GUIDES, stepsFor } from '../reasons.js';
import { explainStatus } from '../status-words.js';
import { gpRouteGuide } from '../gp-route-guide.js';
import { explained, technicalDetail } from '../plain-words.js';
import { facts, patientCell, practiceCell, timeCell } from './parts.js';
import { timeline } from './timeline.js';

/** What a message's page shows. */
export interface MessageView {
  base: string;
  person: WorklistPerson;
  message: TrackedMessage;
  audit: readonly TrackerAuditEntry[];
  patient: WorklistPatient | null;
  /** The app's own reference for the document, shown in place of the messageId. */
  reference?: string | undefined;
  /** The practice as the app knows it: name and telephone number. */
  practice?: WorklistPractice | null | undefined;
  /** What the worklist can do here. */
  can: { resend: boolean; poll: boolean };
  /** The message that replaced this one, when there is one (to say whether that send failed). */
  replacement?: TrackedMessage | undefined;
}

/** Reasons whose message never reached the service, and never will. */
const NEVER_DELIVERED = new Set(['send-failed', 'content-rejected']);

/** A form that posts through htmx (with the header that proves it came from this page), its result shown in the page. */
function actionForm(view: MessageView, action: string, content: Html, className = ''): Html {
  const path = `${view.base}/messages/${view.message.messageId}/${action}`;
  // Synchronised with the live part around it: a refresh waits for the answer, which htmx would drop were the form replaced first.
  return html`<form class="action ${className}" method="post" action="${path}" hx-post="${path}" hx-target="#action-result" hx-swap="innerHTML" hx-sync="closest #message-live:queue all">${content}</form>`;
}

function assignment(view: MessageView): Html {
  const { assignee } = view.message;
  const current = html`<input type="hidden" name="ifAssignee" value="${assignee ?? ''}">`;
  if (assignee === view.person.id) {
    return actionForm(view, 'unassign', html`<p>Assigned to <strong>you</strong>.</p>${current}<button type="submit" class="secondary">Unassign</button>`);
  }
  const who = assignee === null ? html`<p>Assigned to nobody.</p>` : html`<p>Assigned to <strong>${assignee}</strong>.</p>`;
  return actionForm(view, 'assign', html`${who}${current}<button type="submit" class="secondary">${assignee === null ? 'Assign to me' : 'Take it over'}</button>`);
}

function acknowledgeForm(view: MessageView, reason: string): Html {
  return actionForm(
    view,
    'acknowledge',
    html`<input type="hidden" name="reason" value="${reason}">
<label for="note">Note</label>
<p class="hint" id="note-hint">What was done about it (for example "Phoned the practice: they re-imported it"). Leave out patient details.</p>
<textarea id="note" name="note" rows="3" maxlength="2000" required aria-describedby="note-hint" hx-preserve="true"></textarea>
<button type="submit">Acknowledge</button>`,
    'acknowledge',
  );
}

function resendForm(view: MessageView): Html {
  return actionForm(
    view,
    'resend',
    html`<label for="resend-note">Why it is sent again (optional)</label>
<textarea id="resend-note" name="note" rows="2" maxlength="2000" hx-preserve="true"></textarea>
<button type="submit">Send again</button>`,
    'resend',
  );
}

function pollForm(view: MessageView): Html {
  const next = view.message.nextPollAt;
  return actionForm(
    view,
    'poll',
    html`<p class="hint">The service asks for no more than four polls of a message a day. The tracker polls by itself${next ? html`; next at ${timeCell(next)}` : ''}.</p>
<button type="submit" class="secondary">Poll now</button>`,
  );
}

function attentionPanel(view: MessageView): Html {
  const { message, can } = view;
  const attention = message.attention;
  if (!attention) {
    const newVersion = view.audit.some((e) => e.action === 'replace' && e.outcome === 'done' && e.replacement === message.replacedBy);
    const failed = view.replacement?.attention && NEVER_DELIVERED.has(view.replacement.attention.reason);
    const link = html`<a class="id" href="${view.base}/messages/${message.replacedBy}">${message.replacedBy}</a>`;
    const resent = !message.replacedBy
      ? ''
      : failed
        ? html` It was sent again as ${link}, but that send failed and was never delivered: open it to see why.`
        : html` ${newVersion ? 'A new version of it was sent' : 'It was sent again'} as ${link}.`;
    return html`<section class="panel" aria-labelledby="attention-heading"><h2 id="attention-heading">Nothing to do</h2>
<p>This message does not need a person now.${resent}</p>${can.poll ? pollForm(view) : ''}</section>`;
  }
  const guide = REASON_GUIDES[attention.reason];
  // On the GP route a known refusal code says who refused and what to do: its words replace the reason's, never add to them.
  const code = gpRouteGuide(message);
  const resendable = can.resend && guide.resend && message.replacedBy === null;
  const steps = code?.steps ?? stepsFor(attention.reason, message.route);
  return html`<section class="panel attention" aria-labelledby="attention-heading">
<h2 id="attention-heading">Needs a person: ${code?.heading ?? ATTENTION_REASON_LABELS[attention.reason]}</h2>
<p>Since ${timeCell(attention.since)}.${attention.detail ? html` ${code ? technicalDetail(attention.detail) : explained(attention.detail, message.recipient)}` : ''}</p>
<h3>What it means</h3>
<p>${code?.meaning ?? guide.meaning}</p>
<h3>What to do</h3>
<ol class="steps">${steps.map((s) => html`<li>${s}</li>`)}</ol>
${steps.some((s) => /\bpractice\b/i.test(s)) ? contact(view) : ''}
<div class="actions">
${assignment(view)}
${resendable ? resendForm(view) : ''}
${can.poll ? pollForm(view) : ''}
${acknowledgeForm(view, attention.reason)}
</div>
</section>`;
}

/** Who to phone, where the steps speak of the practice: its name and number from the app, or where to find them. */
function contact(view: MessageView): Html {
  const { practice } = view;
  const ods = view.message.recipient;
  const known = ods !== null && ods !== 'UNK';
  if (practice?.phone) {
    return html`<p class="contact">The practice: <strong>${practice.name}</strong>, telephone <a href="tel:${practice.phone.replace(/[^0-9+]/g, '')}"><strong>${practice.phone}</strong></a>.</p>`;
  }
  const where = known ? html`practice ${ods}` : html`the patient's registered practice`;
  const whose = practice ? html`The telephone number of <strong>${practice.name}</strong>` : html`The practice's telephone number`;
  return html`<p class="contact">${whose} is not known here: find ${where} in your directory.</p>`;
}

function summary(view: MessageView): Html {
  const m = view.message;
  const meaning = m.status ? explainStatus(m.status, m.subStatus) : undefined;
  const never = m.attention && NEVER_DELIVERED.has(m.attention.reason);
  const link = (id: string | null) => (id ? html`<a class="id" href="${view.base}/messages/${id}">${id}</a>` : null);
  return facts([
    ['Status', m.status ? html`<span class="status">${m.status}</span>${m.subStatus ? ` (${m.subStatus})` : ''}${meaning ? html`: ${meaning}` : ''}` : never ? 'never delivered: the service refused it for good' : 'not held by the service yet'],
    ['Route', ROUTE_LABELS[m.route] ?? m.route],
    ['Topic', m.topic],
    ['Recipient practice', view.practice ? html`${practiceCell(view.practice, m.recipient)}${view.practice.phone ? html`, telephone ${view.practice.phone}` : ''}` : m.recipient],
    ['messageId', view.reference ? html`<span class="id">${m.messageId}</span>` : null],
    ['Patient', patientCell(view.patient)],
    ['Sent', timeCell(m.sentAt)],
    ['Expiry', m.expiryDateTime ? timeCell(m.expiryDateTime) : null],
    ['Polls', html`${m.polls}${m.lastPolledAt ? html`, last ${timeCell(m.lastPolledAt)}` : ''}${m.nextPollAt ? html`, next ${timeCell(m.nextPollAt)}` : ''}`],
    ['Document version', m.versionNumber === null ? null : String(m.versionNumber)],
    ['Replaces', link(m.replaces)],
    ['Replaced by', link(m.replacedBy)],
    ['Last error', m.lastError ? explained(m.lastError, m.recipient) : null],
  ]);
}

/** The part of the page that is drawn again when the message changes. */
function messageLive(view: MessageView): Html {
  const id = view.message.messageId;
  return html`<div id="message-live" hx-get="${view.base}/messages/${id}" hx-trigger="cdms:message-${id} from:body, cdms:resync from:body" hx-select="#message-live" hx-swap="outerHTML" hx-sync="this:queue last" hx-disinherit="*">
${summary(view)}
${attentionPanel(view)}
<section aria-labelledby="history-heading"><h2 id="history-heading">What happened, in order</h2>
${timeline(view.message, view.audit, view.base)}</section>
</div>`;
}

/** The message page. */
export function messagePage(view: MessageView): Html {
  return html`<p class="back"><a href="${view.base}/">Back to the list</a></p>
<h1>${view.reference ? html`Message ${view.reference}` : html`Message <span class="id">${view.message.messageId}</span>`}</h1>
<div id="action-result" class="result" role="status" aria-live="polite"></div>
${messageLive(view)}`;
}

/**
 * The page of a message retention removed, as an audit entry links to it:
 * when it went (null when it went before removals were kept) and that the
 * audit of it stays.
 */
export function removedMessagePage(base: string, messageId: string, removedAt: Date | null): Html {
  const when = removedAt ? html` on ${timeCell(removedAt)}` : '';
  return html`<p class="back"><a href="${base}/">Back to the list</a></p>
<h1>Message removed by retention</h1>
<p>The tracker removed message <span class="id">${messageId}</span>${when}: it had settled (delivered, or dealt with by a person) and its retention period had passed. Nothing about it needs doing.</p>
<p>The audit of it stays: <a href="${base}/audit?messageId=${messageId}">who did what, and when</a>.</p>`;
}

/** The page of a messageId the ledger does not hold. */
export function unknownMessagePage(base: string): Html {
  return html`<h1>No such message</h1>
<p>The tracker holds no message with this id. Check the id, or <a href="${base}/">go back to the list</a>.</p>`;
}
