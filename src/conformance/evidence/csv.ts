// requirements.csv of the evidence: one row per requirement id, with the
// scenarios that prove it, their results, where the evidence is, and empty
// commentary columns for the SCAL's evidence column.
import { CONFORMANCE_REQUIREMENTS } from '../requirements.js';
import type { ConformanceReport } from '../types.js';

const cell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The CSV text, CRLF line ends as RFC 4180 asks. */
export function requirementsCsv(r: ConformanceReport): string {
  const header = ['requirement_id', 'requirement', 'scenarios', 'results', 'evidence', 'sender_commentary', 'assessor_commentary'];
  const rows = CONFORMANCE_REQUIREMENTS.flatMap((req) => {
    const scenarios = r.scenarios.filter((s) => s.requirements.includes(req.id));
    if (scenarios.length === 0) return [];
    return [[req.id, req.text, scenarios.map((s) => s.id).join(' '), scenarios.map((s) => `${s.id}: ${s.result}`).join('; '), scenarios.map((s) => `index.html#${s.id}`).join(' '), '', '']];
  });
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
