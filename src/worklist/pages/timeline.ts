// "What happened, in order" on a message's page: the tracker's record of it
// (recorded, accepted, every status seen with its subStatus explained, the
// attention raised, the message it replaced or that replaced it) and every
// person's action from the audit, by time.
import { html, type Html } from '../../web/html.js';
import { ATTENTION_REASON_LABELS, type TrackedMessage, type TrackerAuditEntry } from '../../tracker/index.js';
import { explainStatus } from '../status-words.js';
import { gpRouteGuide } from '../gp-route-guide.js';
import { explained } from '../plain-words.js';
import { timeCell } from './parts.js';

interface Entry {
  at: Date;
  what: Html;
}

const SOURCES: Record<string, string> = { send: 'the send', poll: 'a scheduled poll', 'poll-now': 'a poll asked for by a person', confirm: 'a check of an unclear send' };

const OUTCOMES: Record<TrackerAuditEntry['outcome'], string> = {
  done: '',
  conflict: ' (someone had acted first: nothing changed)',
  refused: ' (refused: nothing changed)',
  failed: ' (it did not work: nothing changed)',
};

function personAction(e: TrackerAuditEntry, base: string): Html {
  const who = e.by ?? 'Someone (no name recorded)';
  const note = e.note ? html`<blockquote class="note">${e.note}</blockquote>` : '';
  const outcome = OUTCOMES[e.outcome];
  const detail = e.detail && e.outcome !== 'done' ? html`<br><span class="muted">${explained(e.detail)}</span>` : '';
  switch (e.action) {
    case 'acknowledge':
      return html`<strong>${who}</strong> acknowledged it${e.reason ? ` (${ATTENTION_REASON_LABELS[e.reason]})` : ''}${outcome}${detail}${note}`;
    case 'assign':
      return html`<strong>${who}</strong> assigned it to ${e.assignee ?? 'someone'}${outcome}`;
    case 'unassign':
      return html`<strong>${who}</strong> took it from ${e.assignee ?? 'its assignee'}${outcome}`;
    case 'resend':
      return html`<strong>${who}</strong> sent it again${
        e.replacement && e.outcome === 'done' ? html` as <a class="id" href="${base}/messages/${e.replacement}">${e.replacement}</a>` : ''
      }${outcome}${detail}${note}`;
    case 'replace':
      return html`<strong>${who}</strong> sent a new version of it${
        e.replacement && e.outcome === 'done' ? html` as <a class="id" href="${base}/messages/${e.replacement}">${e.replacement}</a>` : ''
      }${outcome}${detail}${note}`;
    case 'poll-now':
      return html`<strong>${who}</strong> asked the service for its status${outcome}${detail}`;
  }
}

/** The entries of a message's history and audit, oldest first. */
export function timeline(message: TrackedMessage, audit: readonly TrackerAuditEntry[], base: string): Html {
  const entries: Entry[] = [{ at: message.createdAt, what: html`Recorded by the tracker, before it was sent` }];
  if (message.replaces) {
    const sent = message.versionNumber === null ? 'Sent' : `Version ${message.versionNumber}, sent`;
    entries.push({ at: message.createdAt, what: html`${sent} to replace <a class="id" href="${base}/messages/${message.replaces}">${message.replaces}</a>` });
  }
  if (message.sentAt) entries.push({ at: message.sentAt, what: html`Accepted by the service` });
  for (const h of message.history) {
    const meaning = explainStatus(h.status, h.subStatus);
    entries.push({
      at: h.at,
      what: html`Status <span class="status">${h.status}</span>${h.subStatus ? html` (${h.subStatus})` : ''}${meaning ? html`: ${meaning}` : ''} <span class="muted">seen by ${SOURCES[h.source] ?? h.source}</span>`,
    });
  }
  if (message.attention) {
    entries.push({ at: message.attention.since, what: html`Needs a person: <strong>${gpRouteGuide(message)?.heading ?? ATTENTION_REASON_LABELS[message.attention.reason]}</strong>${message.attention.detail ? html`<br><span class="muted">${explained(message.attention.detail, message.recipient)}</span>` : ''}` });
  }
  for (const e of audit) entries.push({ at: e.at, what: personAction(e, base) });
  const ordered = entries.map((e, i) => ({ ...e, i })).sort((a, b) => a.at.getTime() - b.at.getTime() || a.i - b.i);
  return html`<table class="timeline">
<caption class="visually-hidden">What happened, oldest first</caption>
<thead><tr><th scope="col">When</th><th scope="col">What</th></tr></thead>
<tbody>${ordered.map((e) => html`<tr><td data-label="When">${timeCell(e.at)}</td><td data-label="What">${e.what}</td></tr>`)}</tbody>
</table>`;
}
