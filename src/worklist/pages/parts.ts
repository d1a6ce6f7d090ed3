// Small pieces the worklist's pages share: times and ages, the patient, a
// person, a definition list.
import { nhsNumberDisplay, shortTime } from '../../web/display.js';
import { html, type Html } from '../../web/html.js';
import type { WorklistPatient, WorklistPractice } from '../options.js';

/** A time as readable text with its machine-readable datetime; a dash when there is none. */
export function timeCell(at: Date | null): Html {
  if (!at) return html`<span class="muted">none</span>`;
  const iso = at.toISOString();
  return html`<time datetime="${iso}">${shortTime(iso)}</time>`;
}

/** How long ago, in the largest units that matter ("3 d 4 h", "25 min"). */
export function age(since: Date, now: number): string {
  const minutes = Math.max(0, Math.floor((now - since.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** The patient as staff look them up: the NHS number 3-3-4, then the name. */
export function patientCell(patient: WorklistPatient | null): Html {
  if (!patient || (!patient.nhsNumber && !patient.name)) return html`<span class="muted">not known here</span>`;
  return html`${patient.nhsNumber ? html`<span class="nhs-number">${nhsNumberDisplay(patient.nhsNumber)}</span>` : ''}${
    patient.nhsNumber && patient.name ? html`<br>` : ''
  }${patient.name ?? ''}`;
}

/** The practice by name, its ODS code after it; only the ODS code when the app gave no name. */
export function practiceCell(practice: WorklistPractice | null, odsCode: string | null): Html | string {
  if (!practice) return odsCode ?? '';
  return html`${practice.name}${odsCode && odsCode !== 'UNK' ? html` <span class="muted">(${odsCode})</span>` : ''}`;
}

/** A definition list of facts; empty values are left out. */
export function facts(rows: readonly (readonly [string, Html | string | null | undefined])[]): Html {
  const shown = rows.filter(([, value]) => value !== undefined && value !== null && value !== '');
  return html`<dl class="facts">${shown.map(([term, value]) => html`<dt>${term}</dt><dd>${value}</dd>`)}</dl>`;
}
