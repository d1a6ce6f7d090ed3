// Signed webhooks: one POST per attention event, signed as the Standard
// Webhooks specification says (webhook-id, webhook-timestamp and
// webhook-signature headers; HMAC-SHA256 over id.timestamp.body) with the
// `standardwebhooks` library, an optional peer loaded only when used. The body
// names the message and why it needs a person, never the patient (decision
// D-TRACKER-29).
import { ConfigurationError, CdmsError } from '../../core/errors/cdms-error.js';
import { loadOptionalModule } from '../db/optional-module.js';
import type { AttentionNotice, EachAttentionNotifier } from './notifier.js';
import { isLoopback } from '../../internal/loopback.js';

/** Options of {@link webhook}. */
export interface WebhookOptions {
  /** Where to POST: https, or http to this machine (loopback) only. */
  url: string;
  /** The signing secret, as the receiver holds it: `whsec_` and base64 (24 to 64 random bytes). */
  secret: string;
  /**
   * The notifier's name (see {@link NotifierBase.name}). The default leaves
   * the URL's path out: many services' incoming webhooks carry their secret
   * token there, and the name is kept in the ledger and shown in logs and
   * the health check. Two webhooks to one origin need names of their own.
   * @defaultValue 'webhook ' and the URL's origin
   */
  name?: string | undefined;
  /** How long a POST may take before it counts as failed (and is retried), in milliseconds. @defaultValue 10_000 */
  timeoutMs?: number | undefined;
}

/** The `type` of the events this notifier posts. */
export const ATTENTION_WEBHOOK_TYPE = 'message.attention';

/** The body of an attention webhook: the message, why, and when, never patient data. */
export interface AttentionWebhookPayload {
  /** Always `'message.attention'`. */
  type: typeof ATTENTION_WEBHOOK_TYPE;
  /** When the attention was raised (RFC 3339). */
  timestamp: string;
  /** The notice. */
  data: {
    /** The message that needs a person. */
    messageId: string;
    /** Why. */
    reason: AttentionNotice['reason'];
    /** Its route. */
    route: AttentionNotice['route'];
    /** Its topic, if known. */
    topic: string | null;
    /** The recipient practice's ODS code. */
    recipient: string | null;
    /** When the tracker raised it (RFC 3339). */
    raisedAt: string;
    /** When the service accepted the message (RFC 3339), or null. */
    sentAt: string | null;
    /** The message's expiry (RFC 3339), or null. */
    expiryDateTime: string | null;
  };
}

interface Signer {
  sign(msgId: string, timestamp: Date, payload: string): string;
}

type WebhookClass = new (secret: string) => Signer;

function checkUrl(url: unknown): URL {
  let parsed: URL | undefined;
  try {
    parsed = typeof url === 'string' ? new URL(url) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || !(parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopback(parsed.hostname)))) {
    throw new ConfigurationError('webhook: url must be an https:// URL (or http:// to this machine, for a local receiver).');
  }
  return parsed;
}

/** The payload of one notice (the body that is signed and sent). */
export function webhookPayload(notice: AttentionNotice): AttentionWebhookPayload {
  return {
    type: ATTENTION_WEBHOOK_TYPE,
    timestamp: notice.raisedAt.toISOString(),
    data: {
      messageId: notice.messageId,
      reason: notice.reason,
      route: notice.route,
      topic: notice.topic,
      recipient: notice.recipient,
      raisedAt: notice.raisedAt.toISOString(),
      sentAt: notice.sentAt?.toISOString() ?? null,
      expiryDateTime: notice.expiryDateTime?.toISOString() ?? null,
    },
  };
}

/**
 * A notifier that POSTs each attention event to a URL, signed as the
 * Standard Webhooks specification says, so the receiver can verify it with
 * any Standard Webhooks library. A delivery is retried until the receiver
 * answers 2xx; the `webhook-id` header is the same on every retry (dedupe on
 * it). The body holds the messageId, reason, route, topic, recipient ODS code
 * and times, never patient data. Needs `standardwebhooks` installed.
 *
 * @example
 * ```ts
 * import { createTracker, webhook } from 'cdms-sdk/tracker';
 *
 * const tracker = await createTracker({
 *   client: cdms,
 *   notify: [webhook({ url: 'https://alerts.example.nhs.uk/cdms', secret: process.env.CDMS_WEBHOOK_SECRET ?? '' })],
 * });
 * ```
 *
 * @throws ConfigurationError when the URL or secret is invalid (at once), or `standardwebhooks` is not installed (from `createTracker`).
 */
export function webhook(options: WebhookOptions): EachAttentionNotifier {
  const url = checkUrl(options?.url);
  if (typeof options.secret !== 'string' || !/^(whsec_)?[A-Za-z0-9+/]{32,}={0,2}$/.test(options.secret)) {
    throw new ConfigurationError('webhook: secret must be the receiver\'s signing secret: "whsec_" followed by base64 of 24 to 64 random bytes.');
  }
  const timeoutMs = options.timeoutMs ?? 10_000;
  if (!Number.isFinite(timeoutMs) || timeoutMs < 1) throw new ConfigurationError('webhook: timeoutMs must be a positive number of milliseconds.');
  let signer: Signer | undefined;
  const load = async (): Promise<Signer> => {
    const mod = (await loadOptionalModule('standardwebhooks', 'Signed webhooks', () => import('standardwebhooks') as Promise<unknown>)) as {
      Webhook?: WebhookClass;
      default?: { Webhook?: WebhookClass };
    };
    const Webhook = mod.Webhook ?? mod.default?.Webhook;
    if (!Webhook) throw new ConfigurationError("Signed webhooks need the package 'standardwebhooks' 1.x, whose Webhook class was not found.");
    try {
      signer ??= new Webhook(options.secret);
    } catch {
      throw new ConfigurationError('webhook: the secret is not valid base64.');
    }
    return signer;
  };
  return {
    kind: 'each',
    name: options.name ?? `webhook ${url.origin}`,
    async prepare() {
      await load();
    },
    async notify(notice) {
      const body = JSON.stringify(webhookPayload(notice));
      const id = `msg_${notice.messageId}_${notice.reason}`;
      const now = new Date();
      const headers = {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': (await load()).sign(id, now, body),
      };
      let status: number;
      try {
        const response = await fetch(url, { method: 'POST', headers, body, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
        status = response.status;
        await response.body?.cancel();
      } catch (error) {
        const why = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'could not be reached';
        throw new CdmsError(`The webhook receiver at ${url.origin} ${why}; the notice will be sent again.`);
      }
      if (status < 200 || status > 299) throw new CdmsError(`The webhook receiver at ${url.origin} answered ${status}; the notice will be sent again.`);
    },
  };
}
