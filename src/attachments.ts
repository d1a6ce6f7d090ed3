// Building attachments from files, bytes and text: the mime type inferred
// from the extension and the magic bytes, the content as canonical base64,
// and every problem reported before anything is sent. No static `node:`
// import, so the main entry still bundles outside Node.
import { CdmsError } from './core/errors/cdms-error.js';
import { LocalValidationError } from './core/errors/local-errors.js';
import { PERMITTED_ATTACHMENT_MIME_TYPES, type Attachment, type PermittedAttachmentMimeType } from './schemas/attachment.js';
import { NOT_A_PDF, TEXT_MIME_TYPES, sniffMagic, textProblem } from './validation/content-sniff.js';
import { checkWindowsFileName, fileNameReason } from './validation/file-name.js';
import { encodeBase64 } from './validation/runtime.js';

/** Options of {@link attachmentFromFile}. */
export interface AttachmentFromFileOptions {
  /** The mime type; inferred from the extension and content when absent. */
  mimeType?: PermittedAttachmentMimeType | undefined;
  /** The name shown to the recipient. @defaultValue the file's base name */
  fileName?: string | undefined;
}

/** Options of {@link attachmentFromBytes}. */
export interface AttachmentFromBytesOptions {
  /** The name shown to the recipient; its extension helps infer the mime type. */
  fileName: string;
  /** The mime type; inferred from the file name's extension and the bytes when absent. */
  mimeType?: PermittedAttachmentMimeType | undefined;
}

/** Options of {@link attachmentFromText}. */
export interface AttachmentFromTextOptions {
  /** The name shown to the recipient. */
  fileName: string;
  /**
   * `text/plain` (a file in the record) or `text/vnd.vendor.service.consultation`
   * (searchable consultation notes). @defaultValue 'text/plain'
   */
  mimeType?: 'text/plain' | 'text/vnd.vendor.service.consultation' | undefined;
}

const EXTENSION_TYPES: Readonly<Record<string, PermittedAttachmentMimeType>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  txt: 'text/plain',
};

/** What the service accepts, said plainly: the end of every "cannot tell the type" reason. */
export const ACCEPTED_TYPES =
  'the service accepts only PDF (application/pdf), JPEG (image/jpeg), plain text (text/plain) and consultation notes (text/vnd.vendor.service.consultation)';

const PASS_MIME_TYPE = `${ACCEPTED_TYPES}: if the file is one of these, pass mimeType`;

function invalid(name: string, reason: string): LocalValidationError {
  return new LocalValidationError([{ name, reason }]);
}

/** The last path segment, for `/` and `\` alike: both are reserved in Windows file names anyway. */
function baseName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

function extensionType(fileName: string): PermittedAttachmentMimeType | undefined {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? undefined : EXTENSION_TYPES[fileName.slice(dot + 1).toLowerCase()];
}

function assertFileName(fileName: unknown): asserts fileName is string {
  if (typeof fileName !== 'string') throw invalid('fileName', 'is required: the name the recipient sees');
  const problems = checkWindowsFileName(fileName);
  if (problems.length > 0) {
    throw new LocalValidationError(problems.map((p) => ({ name: 'fileName', reason: fileNameReason(p, fileName) })));
  }
}

/** The mime type of content with no stated type: extension and magic bytes must agree. */
function inferMimeType(bytes: Uint8Array, fileName: string): PermittedAttachmentMimeType {
  const byName = extensionType(fileName);
  const byContent = sniffMagic(bytes);
  if (byContent !== undefined) {
    if (byName !== undefined && byName !== byContent) {
      throw invalid('mimeType', `the file name's extension says ${byName} but the content is ${byContent}: check the file; ${PASS_MIME_TYPE}`);
    }
    return byContent;
  }
  if (byName === 'text/plain') {
    const problem = textProblem(bytes);
    if (problem) throw invalid('mimeType', `the extension says text/plain but the content ${problem}`);
    return byName;
  }
  if (byName !== undefined) {
    const where = byName === 'application/pdf' ? `has no '%PDF-' in its first 1,024 bytes` : 'does not start with its signature';
    throw invalid('mimeType', `the extension says ${byName} but the content ${where}: check the file; ${PASS_MIME_TYPE}`);
  }
  throw invalid('mimeType', `cannot tell the type: the extension is not .pdf, .jpg, .jpeg or .txt and the content is not a PDF or JPEG; ${PASS_MIME_TYPE}`);
}

/** Checks content against a stated mime type, as validateMessage will on send. */
function assertContentMatches(bytes: Uint8Array, mimeType: string): void {
  if (!(PERMITTED_ATTACHMENT_MIME_TYPES as readonly string[]).includes(mimeType)) {
    throw invalid('mimeType', `must be one of ${PERMITTED_ATTACHMENT_MIME_TYPES.map((t) => `'${t}'`).join(', ')}`);
  }
  const problem = TEXT_MIME_TYPES.includes(mimeType)
    ? textProblem(bytes)
    : sniffMagic(bytes) === mimeType
      ? undefined
      : mimeType === 'application/pdf'
        ? NOT_A_PDF
        : `does not start with the signature of ${mimeType}`;
  if (problem) throw invalid('content', `${problem} (mimeType is '${mimeType}')`);
}

/**
 * Builds an attachment from bytes: canonical base64 content, the mime type
 * given or inferred from the file name's extension and the magic bytes (PDF
 * `%PDF-` within the first 1,024 bytes, JPEG `FF D8 FF`, UTF-8 text for `.txt`).
 *
 * @throws LocalValidationError when the bytes are empty, the file name is
 * not a valid Windows file name, the mime type cannot be inferred or the
 * extension and content disagree (pass `mimeType`), or the content does not
 * match the mime type. The size limit is checked on send (it is a client setting).
 *
 * @example
 * ```ts
 * const pdf = await fetch(reportUrl).then((r) => r.arrayBuffer());
 * const attachment = attachmentFromBytes(new Uint8Array(pdf), { fileName: 'discharge-summary.pdf' });
 * // { mimeType: 'application/pdf', fileName: 'discharge-summary.pdf', content: 'JVBERi0x...' }
 * ```
 */
export function attachmentFromBytes(bytes: Uint8Array | ArrayBuffer, options: AttachmentFromBytesOptions): Attachment {
  if (!(bytes instanceof Uint8Array) && !(bytes instanceof ArrayBuffer)) throw invalid('content', 'must be a Uint8Array, Buffer or ArrayBuffer');
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (data.length === 0) throw invalid('content', 'is empty: attach a file with content');
  const fileName: unknown = options?.fileName;
  assertFileName(fileName);
  const mimeType = options.mimeType ?? inferMimeType(data, fileName);
  assertContentMatches(data, mimeType);
  return { mimeType, fileName, content: encodeBase64(data) };
}

/**
 * Builds a text attachment from a string, encoded as UTF-8.
 *
 * @throws LocalValidationError when the file name is invalid, the mime type
 * is not a text type, or the text holds an unpaired surrogate or a NUL.
 *
 * @example
 * ```ts
 * const notes = attachmentFromText('Seen in clinic; BP 120/80.', {
 *   fileName: 'consultation.txt',
 *   mimeType: 'text/vnd.vendor.service.consultation',
 * });
 * ```
 */
export function attachmentFromText(text: string, options: AttachmentFromTextOptions): Attachment {
  if (typeof text !== 'string') throw invalid('content', 'must be a string of text');
  const mimeType: string = options?.mimeType ?? 'text/plain';
  if (!TEXT_MIME_TYPES.includes(mimeType)) {
    throw invalid('mimeType', "must be 'text/plain' or 'text/vnd.vendor.service.consultation'; use attachmentFromBytes for other types");
  }
  // TextEncoder would silently turn an unpaired surrogate into U+FFFD.
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)) {
    throw invalid('content', 'contains an unpaired UTF-16 surrogate, which UTF-8 cannot encode');
  }
  return attachmentFromBytes(new TextEncoder().encode(text), { fileName: options.fileName, mimeType: mimeType as PermittedAttachmentMimeType });
}

/**
 * Reads a file into an attachment. `fileName` defaults to the path's base
 * name; the mime type is inferred as in {@link attachmentFromBytes}. The
 * whole file is read into memory (attachments are at most 5 MB).
 *
 * @throws CdmsError when the file cannot be read (the message gives the
 * system error code, not the path, which may name a patient).
 * @throws LocalValidationError as {@link attachmentFromBytes}.
 *
 * @example
 * ```ts
 * await cdms.messages.send({
 *   topic: 'Discharge Summary',
 *   recipient: { id: { type: 'OcsClientIdentifier', value: 'A81001' } },
 *   subject: { id: { type: 'VerifiedNhsNumber', value: '9434765919' } },
 *   attachments: [await attachmentFromFile('./out/summary.pdf', { fileName: 'Discharge summary.pdf' })],
 * });
 * ```
 */
export async function attachmentFromFile(path: string, options: AttachmentFromFileOptions = {}): Promise<Attachment> {
  const { readFile } = await import('node:fs/promises');
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    // No `cause`: Node's error message holds the path, which may name a patient.
    const code = (error as { code?: unknown } | null)?.code;
    const detail = typeof code === 'string' && /^[A-Z0-9_]{1,32}$/.test(code) ? ` (${code})` : '';
    throw new CdmsError(`Could not read the attachment file${detail}; check the path and permissions.`);
  }
  return attachmentFromBytes(bytes, { fileName: options.fileName ?? baseName(path), mimeType: options.mimeType });
}
