// Reads what the console shows from a stored message's request body, which
// is the sender's JSON: every field is checked for its type, never trusted.
import { isRecord } from '../../internal/is-record.js';
import type { SandboxMessage } from '../messages/record.js';

/** A value at a dotted path of a JSON object, or undefined. */
export function at(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), value);
}

/** A string at a dotted path, or undefined when absent or not a string. */
export function textAt(value: unknown, path: string): string | undefined {
  const found = at(value, path);
  return typeof found === 'string' ? found : undefined;
}

/** A string or a number as text, or undefined for anything else (the sender's JSON may hold any type). */
export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** An NHS number in the 3-3-4 display the NHS asks for; other ids as sent. */
export function patientId(message: SandboxMessage): string {
  const type = textAt(message.request, 'subject.id.type') ?? '';
  const value = textAt(message.request, 'subject.id.value') ?? '';
  const digits = value.replace(/\s/g, '');
  return /nhs/i.test(type) && /^\d{10}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : value;
}

/** The patient's name, which only the GP route carries (family, given). */
export function patientName(message: SandboxMessage): string | undefined {
  const family = textAt(message.request, 'gpConnectAdditionalInformation.patient.name.family');
  const given = textAt(message.request, 'gpConnectAdditionalInformation.patient.name.given');
  if (!family) return undefined;
  return given ? `${family.toUpperCase()}, ${given}` : family.toUpperCase();
}

/** A coded data item as sent. */
export interface CodedItemView {
  code: string;
  value: string;
  unit: string;
  additionalText: string;
}

/** The coded data items, each field as text. */
export function codedItems(message: SandboxMessage): CodedItemView[] {
  const items = at(message.request, 'codedDataItems');
  if (!Array.isArray(items)) return [];
  return items.filter(isRecord).map((item) => ({
    code: textOf(item.code) ?? '',
    value: textOf(item.value) ?? '',
    unit: textOf(item.unit) ?? '',
    additionalText: textOf(item.additionalText) ?? '',
  }));
}

/** The body, when it is a text or HTML body as the spec allows. */
export function messageBody(message: SandboxMessage): { mimeType: 'text/plain' | 'text/html'; content: string } | undefined {
  const mimeType = textAt(message.request, 'body.mimeType');
  const content = textAt(message.request, 'body.content');
  if (content === undefined || (mimeType !== 'text/plain' && mimeType !== 'text/html')) return undefined;
  return { mimeType, content };
}

/** Route names as a person reads them. */
export const ROUTE_LABELS: Readonly<Record<string, string>> = {
  standard: 'Standard',
  instant: 'Instant',
  gpconnect: 'GP route',
};

/** An ISO time as `2026-11-22 10:15:02Z`, for tables. */
export function shortTime(iso: string | undefined): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, 'Z');
}
