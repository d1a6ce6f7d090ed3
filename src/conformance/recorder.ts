// The fetch the run's client calls: it passes every request on and keeps a
// copy of it and its response as evidence, with the API key, access codes,
// tokens and widget secrets masked and attachments reduced to name, type,
// size and SHA-256, so the evidence can be shared with an assessor as it is.
import { createHash } from 'node:crypto';
import { isRecord } from '../internal/is-record.js';
import type { AttachmentEvidence, RecordedExchange } from './types.js';

/** What replaces a credential in the evidence. */
export const MASKED = '[masked]';

/** Header names whose values are credentials, lower-case. */
const SECRET_HEADERS = new Set(['apikey', 'authorization', 'service-instant-access-token', 'cookie', 'set-cookie']);
/** Body fields whose values are credentials. */
const SECRET_FIELDS = new Set(['token', 'accessToken', 'accessCode', 'encryptionSecret', 'apiKey', 'forbiddenApiKey']);

/** Decoded bytes of an attachment's base64 content. */
const bytesOf = (content: unknown) => (typeof content === 'string' ? Buffer.from(content, 'base64') : Buffer.alloc(0));

/** An attachment reduced to what the evidence may show. */
export function attachmentEvidence(attachment: { fileName?: unknown; mimeType?: unknown; content?: unknown }): AttachmentEvidence {
  const bytes = bytesOf(attachment.content);
  return {
    fileName: typeof attachment.fileName === 'string' ? attachment.fileName : '',
    mimeType: typeof attachment.mimeType === 'string' ? attachment.mimeType : '',
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/** Told of each PDF an attachment list holds, with its evidence. */
type PdfSink = (evidence: AttachmentEvidence, bytes: Buffer) => void;

/** Copies a JSON value with credential fields masked and attachments summarised (each PDF told to `pdf`). */
function cleanJson(value: unknown, pdf: PdfSink, key = ''): unknown {
  if (Array.isArray(value)) {
    if (key === 'attachments') {
      return (value as unknown[]).map((a) => {
        if (!isRecord(a)) return a;
        const evidence = attachmentEvidence(a);
        if (evidence.mimeType === 'application/pdf') pdf(evidence, bytesOf(a.content));
        return evidence;
      });
    }
    return (value as unknown[]).map((v) => cleanJson(v, pdf));
  }
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_FIELDS.has(k) && v !== null ? MASKED : cleanJson(v, pdf, k)]));
  return value;
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function headersOf(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => (out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? MASKED : value));
  return out;
}

/** Keeps the run's exchanges, and masks every secret it has been told of in them. */
export class ExchangeRecorder {
  readonly #exchanges: RecordedExchange[] = [];
  readonly #secrets = new Set<string>();
  /** The PDFs sent, by SHA-256, in memory for the run only: the evidence draws their first pages. */
  readonly #documents = new Map<string, Buffer>();
  readonly #keepPdf: PdfSink = (evidence, bytes) => void this.#documents.set(evidence.sha256, bytes);
  readonly #base: string;
  readonly #fetch: typeof fetch;

  /**
   * @param baseUrl - The service's base URL: recorded URLs start after it.
   * @param inner - The fetch that really sends.
   */
  constructor(baseUrl: string, inner: typeof fetch) {
    this.#base = baseUrl.replace(/\/+$/, '');
    this.#fetch = inner;
  }

  /** A value never to appear in the evidence (the API key, a token). Short values are ignored. */
  addSecret(secret: string | undefined): void {
    if (secret && secret.length >= 8) this.#secrets.add(secret);
  }

  /** The bytes of a PDF the run sent, by its SHA-256 (as the evidence shows it); undefined for any other. */
  document(sha256: string): Buffer | undefined {
    return this.#documents.get(sha256);
  }

  /** How many exchanges were recorded so far: a scenario's start mark. */
  get count(): number {
    return this.#exchanges.length;
  }

  /** The exchanges from `from` on, every known secret masked. */
  since(from: number): RecordedExchange[] {
    return this.#exchanges.slice(from).map((e) => this.mask(e));
  }

  /** A copy of `value` with every known secret replaced by {@link MASKED}. */
  mask<T>(value: T): T {
    let text = JSON.stringify(value);
    for (const secret of [...this.#secrets].sort((a, b) => b.length - a.length)) text = text.split(secret).join(MASKED);
    return JSON.parse(text) as T;
  }

  /** The fetch to give the client. */
  readonly fetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const bodyText = request.body ? await request.clone().text() : '';
    const exchange: RecordedExchange = {
      at: new Date().toISOString(),
      method: request.method,
      url: request.url.startsWith(this.#base) ? request.url.slice(this.#base.length) || '/' : new URL(request.url).pathname,
      requestHeaders: headersOf(request.headers),
      requestBody: cleanJson(parseBody(bodyText), this.#keepPdf),
      status: null,
      responseHeaders: {},
      responseBody: null,
      error: null,
    };
    this.#exchanges.push(exchange);
    let response: Response;
    try {
      response = await this.#fetch(request);
    } catch (error) {
      exchange.error = error instanceof Error ? `${error.name}: ${error.message}` : 'the request failed';
      throw error;
    }
    exchange.status = response.status;
    exchange.responseHeaders = headersOf(response.headers);
    const text = await response.clone().text();
    const body = parseBody(text);
    // A token the service returns is a secret from now on, wherever it appears.
    if (isRecord(body) && typeof body.token === 'string') this.addSecret(body.token);
    exchange.responseBody = cleanJson(body, () => undefined);
    return response;
  };
}
