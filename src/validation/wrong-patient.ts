// The wrong-patient cross-check (hazard H01, decision D-VALID-25): before a
// send, the text of each attachment (plain text, consultation notes, a PDF's
// text layer) is searched for NHS numbers. An attachment that names NHS
// numbers, none of them the subject's, is most likely another patient's
// document picked by mistake: the send is refused locally, naming the
// attachment by its place, never the numbers or the file name. A document
// that names another person by right (a mother's number in her newborn's
// letter) is sent with the per-send override. A PDF without a text layer (a
// scan) or one that cannot be read says nothing, and is not refused.
// PDFs are read off the main thread, in parallel, each once per client
// (pdf-check/pdf-checker.ts).
import { LocalValidationError } from '../core/errors/local-errors.js';
import { isRecord } from '../internal/is-record.js';
import { PIECE_CHARS, nextTurn } from '../internal/json-pieces.js';
import type { InvalidParameter } from '../schemas/problem.js';
import { findNhsNumbers } from './nhs-numbers-in-text.js';
import { isNhsNumberType } from './nhs-number.js';
import { PdfChecker } from './pdf-check/pdf-checker.js';
import { TEXT_MIME_TYPES } from './content-sniff.js';
import type { DecodedTexts } from './decoded-texts.js';
import { decodeBase64 } from './runtime.js';
import type { ValidationResult } from './types.js';

/** The attachment types whose content is text to search. */
const TEXT_TYPES: ReadonlySet<string> = new Set(TEXT_MIME_TYPES);
const PDF = 'application/pdf';

/** The per-send override of the wrong-patient cross-check, on every send's options. */
export interface WrongPatientOptions {
  /**
   * Send even though an attachment names NHS numbers none of which is the
   * subject's: for a document that names another person by right (a
   * mother's number in her newborn's discharge letter). Leave it unset
   * otherwise: the check is what stops another patient's document going to
   * this patient's record. This is the one way to skip the check on a
   * send: nothing of the attachments is read.
   * @defaultValue false
   */
  allowOtherNhsNumbers?: boolean | undefined;
}

/** Options of {@link checkWrongPatient}. */
export interface CheckWrongPatientOptions {
  /** Stops waiting for the PDFs being read. */
  signal?: AbortSignal | undefined;
}

/** How one check runs: the client's PDF reader, and the text attachments local validation already decoded. Internal. */
export interface CheckContext {
  checker: PdfChecker;
  decodedTexts?: DecodedTexts | undefined;
}

/** The reader of `checkWrongPatient` called alone (a client has its own). */
let standalone: PdfChecker | undefined;

const REASON =
  "names one or more NHS numbers, and none of them is the subject's: check that this is the right patient's document. " +
  'Nothing was sent. If the document names another person by right (a mother\'s number in her baby\'s letter), send it with allowOtherNhsNumbers: true.';

/** The subject's NHS number, when the subject is identified by one. */
function subjectNhsNumber(message: Record<string, unknown>): string | undefined {
  const id = isRecord(message.subject) && isRecord(message.subject.id) ? message.subject.id : undefined;
  if (!id || typeof id.type !== 'string' || typeof id.value !== 'string' || !isNhsNumberType(id.type)) return undefined;
  return id.value.replace(/\s/g, '');
}

/** Whether a text attachment names NHS numbers and none of them is `subject`. */
function textNamesOnlyOthers(bytes: Uint8Array, subject: string): boolean {
  const found = findNhsNumbers(new TextDecoder().decode(bytes));
  return found.size > 0 && !found.has(subject);
}

/**
 * The wrong-patient cross-check on its own, for a sender's forms: refuses
 * (as `invalidParameters`, `attachments[i].content`) each text, consultation
 * notes or PDF attachment that names NHS numbers none of which is the
 * subject's. Never names the numbers or the file. A subject not identified
 * by an NHS number, an attachment of another type, a PDF without a text
 * layer and content that is not base64 (it decodes to bytes that name
 * nobody) are not refused here: local validation reports bad content. Every send runs it after local
 * validation; `allowOtherNhsNumbers: true` on a send skips it. PDFs are read
 * in worker threads, each within a time budget (10 s; a PDF not read in time
 * is not refused, as one that cannot be opened), and each verdict is kept,
 * so the same PDF is not read twice; a client's option `wrongPatientCheck`
 * sets the budget, the pool and the cache of its own sends.
 *
 * @throws ConfigurationError when the message has a PDF and the optional package `unpdf` is not installed.
 *
 * @example
 * ```ts
 * import { checkWrongPatient } from 'cdms-sdk';
 *
 * const { ok, invalidParameters } = await checkWrongPatient(message);
 * if (!ok) showProblems(invalidParameters); // e.g. attachments[0].content: names one or more NHS numbers…
 * ```
 */
export async function checkWrongPatient(message: unknown, options: CheckWrongPatientOptions = {}): Promise<ValidationResult> {
  standalone ??= new PdfChecker();
  return checkWith(message, options.signal, { checker: standalone });
}

/** The check with a client's reader; the attachments are checked in parallel (PDFs up to the pool's size). */
async function checkWith(message: unknown, signal: AbortSignal | undefined, context: CheckContext): Promise<ValidationResult> {
  if (!isRecord(message) || !Array.isArray(message.attachments)) return { ok: true, invalidParameters: [] };
  const subject = subjectNhsNumber(message);
  if (subject === undefined) return { ok: true, invalidParameters: [] };
  const inTurn = turnTaker();
  const refused = await Promise.all(
    message.attachments.map(async (attachment: unknown, i): Promise<boolean> => {
      if (!isRecord(attachment) || typeof attachment.mimeType !== 'string' || typeof attachment.content !== 'string') return false;
      const { mimeType, content } = attachment;
      if (content.length >= PIECE_CHARS) await inTurn();
      if (TEXT_TYPES.has(mimeType)) return textNamesOnlyOthers(context.decodedTexts?.get(i) ?? decodeBase64(content), subject);
      if (mimeType !== PDF) return false;
      // Not checked for strict base64 here (local validation does, before a send): bad content decodes to bytes that name nobody.
      return (await context.checker.verdict(decodeBase64(content), subject, signal)) === 'names-only-others';
    }),
  );
  const invalidParameters: InvalidParameter[] = refused.flatMap((no, i) => (no ? [{ name: `attachments[${i}].content`, reason: REASON }] : []));
  return { ok: invalidParameters.length === 0, invalidParameters };
}

/**
 * Turns of the event loop handed out one after another: the k-th caller
 * resumes k turns later. The attachments' checks start together, so each
 * large one waits for a turn of its own before decoding (and searching its
 * text): ten 5 MB attachments decoded in one go would hold the loop for the
 * whole lot, while their PDFs are still read in parallel by the pool.
 */
function turnTaker(): () => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return () => (last = last.then(nextTurn));
}

/**
 * The send pipeline's step: the cross-check, unless the send's
 * `allowOtherNhsNumbers` overrides it.
 *
 * @throws LocalValidationError (`delivery: 'not-sent'`) naming each attachment that names only other NHS numbers.
 */
export async function assertRightPatient(message: unknown, options: WrongPatientOptions & CheckWrongPatientOptions, context: CheckContext): Promise<void> {
  if (options.allowOtherNhsNumbers === true) return;
  const result = await checkWith(message, options.signal, context);
  if (!result.ok) throw new LocalValidationError(result.invalidParameters, { delivery: 'not-sent' });
}
