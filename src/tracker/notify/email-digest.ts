// The e-mail digest: at most one message every `everyMs`, when new attention
// was raised, with counts by reason and a link to the worklist. It never
// carries a messageId, a topic or anything about a patient: mailboxes are
// forwarded, synchronised to phones and kept for years. Sent with nodemailer,
// an optional peer loaded only by an app that asks for a digest (decision
// D-TRACKER-29).
import { ConfigurationError, CdmsError } from '../../core/errors/cdms-error.js';
import { checkedTimeZone, localClock } from '../../core/local-time.js';
import { loadOptionalModule } from '../db/optional-module.js';
import { ATTENTION_REASONS } from '../model/types.js';
import type { AttentionCounts, AttentionDigest, DigestAttentionNotifier } from './notifier.js';
import { ATTENTION_REASON_LABELS } from './reason-labels.js';

/** The SMTP server a digest goes through: an `smtp://` or `smtps://` URL, or its parts. */
export type EmailDigestSmtp =
  | string
  | {
      /** The server's host name. */
      host: string;
      /** Its port. @defaultValue 587, or 465 with `secure` */
      port?: number | undefined;
      /** TLS from the start (port 465). @defaultValue false */
      secure?: boolean | undefined;
      /** Refuse to send unless the server upgrades to TLS (STARTTLS). @defaultValue false */
      requireTLS?: boolean | undefined;
      /** Never upgrade to TLS, even when offered (a local relay or a test server only). @defaultValue false */
      ignoreTLS?: boolean | undefined;
      /** The login, when the server needs one. */
      auth?:
        | {
            /** The user name. */
            user: string;
            /** The password (never logged). */
            pass: string;
          }
        | undefined;
      /** TLS settings. */
      tls?:
        | {
            /** The name the server's certificate must carry, when it differs from `host`. */
            servername?: string | undefined;
            /** Refuse a certificate that is not trusted. @defaultValue true */
            rejectUnauthorized?: boolean | undefined;
          }
        | undefined;
    };

/** Options of {@link emailDigest}. */
export interface EmailDigestOptions {
  /** The SMTP server. */
  smtp: EmailDigestSmtp;
  /** The sender address (`Worklist <worklist@example.nhs.uk>`). */
  from: string;
  /** Who is told: the team that works the list (a shared mailbox is best). */
  to: string | readonly string[];
  /** The shortest time between two digests, in milliseconds. @defaultValue 3_600_000 (an hour) */
  everyMs?: number | undefined;
  /** The worklist's address, linked from every digest. */
  worklistUrl: string;
  /** The notifier's name (see {@link NotifierBase.name}). @defaultValue 'email-digest' */
  name?: string | undefined;
  /** The time zone the digest's times are written in (an IANA name). @defaultValue 'Europe/London' */
  timeZone?: string | undefined;
}

interface Transport {
  sendMail(mail: { from: string; to: string[]; subject: string; text: string }): Promise<unknown>;
}

interface NodemailerModule {
  createTransport(options: Record<string, unknown> | string): Transport;
}

/** The subject and text of a digest: counts by reason and the link, nothing else. */
export function digestMail(digest: AttentionDigest, worklistUrl: string, timeZone = 'Europe/London'): { subject: string; text: string } {
  const plural = (n: number) => (n === 1 ? 'message needs' : 'messages need');
  const lines = (counts: AttentionCounts) =>
    ATTENTION_REASONS.filter((r) => (counts[r] ?? 0) > 0).map((r) => `  ${ATTENTION_REASON_LABELS[r]}: ${counts[r]}`);
  const text = [
    `${digest.newTotal} new since ${localClock(digest.from, timeZone, digest.until)}, the last digest:`,
    ...lines(digest.newByReason),
    '',
    `Waiting for a person now: ${digest.waitingTotal}`,
    ...lines(digest.waitingByReason),
    '',
    `Open the worklist: ${worklistUrl}`,
    '',
    'This digest holds counts only. Each message, and what to do about it, is on the worklist.',
  ].join('\n');
  return { subject: `Clinical documents: ${digest.newTotal} new ${plural(digest.newTotal)} a person`, text };
}

function checkOptions(options: EmailDigestOptions): { to: string[]; everyMs: number } {
  const to = typeof options?.to === 'string' ? [options.to] : [...(options?.to ?? [])];
  const everyMs = options?.everyMs ?? 3_600_000;
  const problems: string[] = [];
  if (options?.smtp === undefined || options.smtp === null || (typeof options.smtp === 'string' && !/^smtps?:\/\//i.test(options.smtp))) {
    problems.push('smtp must be an smtp:// or smtps:// URL, or { host, port, ... }');
  }
  if (typeof options?.from !== 'string' || !options.from.includes('@')) problems.push('from must be an e-mail address');
  if (to.length === 0 || to.some((t) => typeof t !== 'string' || !t.includes('@'))) problems.push('to must be one or more e-mail addresses');
  if (!Number.isFinite(everyMs) || everyMs < 1_000) problems.push('everyMs must be at least 1000 (a second)');
  if (typeof options?.worklistUrl !== 'string' || !/^https?:\/\/[^\s]+$/i.test(options.worklistUrl)) problems.push('worklistUrl must be an http(s) URL');
  if (problems.length > 0) throw new ConfigurationError(`emailDigest: ${problems.join('; ')}.`);
  return { to, everyMs };
}

function transportOptions(smtp: EmailDigestSmtp): Record<string, unknown> | string {
  // Short timeouts: a digest that cannot go now is retried, and must not hold its lease for minutes.
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
  return typeof smtp === 'string' ? smtp : { ...smtp, ...timeouts };
}

/**
 * A notifier that e-mails a digest of the attention list: counts by reason
 * and a link to the worklist, at most once every `everyMs`, only when new
 * attention was raised. It never carries a messageId, a topic or patient
 * data. Needs `nodemailer` installed.
 *
 * @example
 * ```ts
 * import { createTracker, emailDigest } from 'cdms-sdk/tracker';
 *
 * const tracker = await createTracker({
 *   client: cdms,
 *   notify: [
 *     emailDigest({
 *       smtp: 'smtp://relay.internal:25',
 *       from: 'Worklist <worklist@example.nhs.uk>',
 *       to: 'discharge-team@example.nhs.uk',
 *       everyMs: 3_600_000,
 *       worklistUrl: 'https://ooh.example.nhs.uk/worklist',
 *     }),
 *   ],
 * });
 * ```
 *
 * @throws ConfigurationError when an option is invalid (at once), or when `nodemailer` is not installed (from `createTracker`).
 */
export function emailDigest(options: EmailDigestOptions): DigestAttentionNotifier {
  const { to, everyMs } = checkOptions(options);
  const zone = checkedTimeZone(options.timeZone);
  let transport: Transport | undefined;
  const load = async (): Promise<Transport> => {
    const mod = await loadOptionalModule('nodemailer', 'The e-mail digest', () => import('nodemailer') as Promise<unknown>);
    const nodemailer = ((mod as { default?: NodemailerModule }).default ?? mod) as NodemailerModule;
    transport ??= nodemailer.createTransport(transportOptions(options.smtp));
    return transport;
  };
  return {
    kind: 'digest',
    name: options.name ?? 'email-digest',
    everyMs,
    async prepare() {
      await load();
    },
    async notify(digest) {
      const mail = digestMail(digest, options.worklistUrl, zone);
      try {
        await (await load()).sendMail({ from: options.from, to, ...mail });
      } catch (error) {
        throw new CdmsError(`The digest could not be sent through the SMTP server (${smtpErrorCode(error)}); it will be tried again.`);
      }
    },
  };
}

/** The SMTP error's code (ECONNECTION, EAUTH, EENVELOPE...) and response code: enough to act on, nothing from the mail. */
function smtpErrorCode(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : 'unknown error';
  return typeof e?.responseCode === 'number' ? `${code}, SMTP ${e.responseCode}` : code;
}
