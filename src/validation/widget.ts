// validateWidget: the spec's widget registration rules. The encryption
// secret is never echoed, not even its characters.
import { WIDGET_ENCRYPTION_METHODS } from '../schemas/widget.js';
import { Collector } from './collector.js';
import { booleanField, describeType, stringField, unknownFields } from './fields.js';
import { isRecord } from './read.js';
import type { ValidationResult } from './types.js';

const WIDGET_FIELDS = [
  'name', 'icon', 'launchUrl', 'encryptionSecret', 'encryptionMethod', 'requiresUserData', 'requiresPatientData',
] as const;

/** Letters (any script, with combining marks), digits, spaces, hyphens, underscores (spec: Widget rules 3). */
const NAME_CHARS = /^[\p{L}\p{M}\p{N} _-]+$/u;
/** Printable ASCII: the only characters whose count is the same in code points, UTF-16 units and UTF-8 bytes. */
const SECRET_CHARS = /^[\x20-\x7e]*$/;
const SECRET_LENGTH = 32;

/**
 * Validates a widget registration without sending it. Never throws; the
 * `encryptionSecret` never appears in the result.
 *
 * @example
 * ```ts
 * const { ok, invalidParameters } = validateWidget({ name: 'Referral Tracker', icon: 'clipboard',
 *   launchUrl: 'https://widgets.example.org/launch', encryptionSecret: secret,
 *   requiresUserData: true, requiresPatientData: false });
 * ```
 */
export function validateWidget(widget: unknown): ValidationResult {
  const c = new Collector();
  try {
    checkWidget(c, widget);
  } catch {
    c.add('(root)', 'could not be validated; pass plain JSON data');
  }
  return c.result();
}

function checkWidget(c: Collector, widget: unknown): void {
  if (!isRecord(widget)) return c.add('(root)', `the widget registration must be an object, not ${describeType(widget)}`);
  if (!unknownFields(c, widget, '', WIDGET_FIELDS)) return;
  const name = stringField(c, widget, 'name', '', { required: true, nonEmpty: true, show: true });
  // Outer white space is ignored, as the OpenAPI document's pattern says; a tab or line break inside is refused.
  if (name !== undefined && !NAME_CHARS.test(name.trim())) {
    c.add('name', 'may contain only letters, digits, spaces, hyphens and underscores', name);
  }
  stringField(c, widget, 'icon', '', { required: true, nonEmpty: true, show: true });
  checkLaunchUrl(c, widget);
  checkSecret(c, widget);
  const method = stringField(c, widget, 'encryptionMethod', '', { required: false, show: true });
  if (method !== undefined && !(WIDGET_ENCRYPTION_METHODS as readonly string[]).includes(method)) {
    c.add('encryptionMethod', "must be 'A256GCM' or 'A128CBC_HS256' (or absent for A256GCM)", method);
  }
  const user = booleanField(c, widget, 'requiresUserData', '', true);
  const patient = booleanField(c, widget, 'requiresPatientData', '', true);
  if (patient === true && user === false) {
    c.add('requiresPatientData', 'true requires requiresUserData true as well (the toolbar rejects patient data without user data)', true);
  }
}

function checkLaunchUrl(c: Collector, widget: object): void {
  const raw = stringField(c, widget, 'launchUrl', '', { required: true, nonEmpty: true, show: true });
  if (raw === undefined) return;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || raw.trim() !== raw) c.add('launchUrl', "must be an absolute URL such as 'https://widgets.example.org/launch'", raw);
  else if (url.protocol !== 'https:') c.add('launchUrl', 'must use https: the launch URL carries encrypted user and patient tokens', raw);
  else if (url.username !== '' || url.password !== '') c.add('launchUrl', 'must not contain a user name or password', raw);
}

function checkSecret(c: Collector, widget: object): void {
  const secret = stringField(c, widget, 'encryptionSecret', '', { required: true });
  if (secret === undefined) return;
  if (!SECRET_CHARS.test(secret)) {
    c.add('encryptionSecret', 'must use printable ASCII characters only, so that its 32 characters are also 32 bytes of key');
  } else if (secret.length !== SECRET_LENGTH) {
    c.add('encryptionSecret', `must be exactly ${SECRET_LENGTH} characters long, not ${secret.length}`);
  }
}
