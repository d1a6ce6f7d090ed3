// The id types a message may carry: the ones the service documents, closed
// by default so that a slip (`'NHS'`, `'OdsCode'`) is a compile error and a
// local refusal rather than an identifier no check applies to; and the ones a
// sender's environment adds, opened explicitly by a client option and carried
// into the message types as type parameters (the extra types, `never` by
// default), so that a client that accepts more is still a `CdmsClient`.
import type { RECIPIENT_ID_TYPES, SUBJECT_ID_TYPES } from './message-parts.js';

/**
 * Id types a sender's environment uses beyond the ones the service
 * documents: the client option `additionalIdTypes`, also taken by
 * `validateMessage` and `startSandbox`. List only what the operator has
 * confirmed for your environment.
 *
 * @typeParam ExtraSubjectIdType - The extra subject id types, inferred from the list.
 * @typeParam ExtraRecipientIdType - The extra recipient id types, inferred from the list.
 *
 * @example
 * ```ts
 * import { CdmsClient } from 'cdms-sdk';
 *
 * const cdms = new CdmsClient({ additionalIdTypes: { subject: ['LocalPatientId'] } });
 * // cdms.messages.send() now takes subject.id.type 'LocalPatientId' as well as
 * // 'VerifiedNhsNumber' and 'NHSNumber', in the types and at run time.
 * ```
 */
export interface AdditionalIdTypes<ExtraSubjectIdType extends string = string, ExtraRecipientIdType extends string = string> {
  /**
   * Extra `subject.id.type` values (every route). A type that names an NHS
   * number (such as `NHS_No`) still has its value checked as one.
   */
  readonly subject?: readonly ExtraSubjectIdType[] | undefined;
  /** Extra `recipient.id.type` values of standard and instant sends (the GP route's type is fixed). */
  readonly recipient?: readonly ExtraRecipientIdType[] | undefined;
}

/**
 * The `subject.id.type` values a message may carry: `'VerifiedNhsNumber'`,
 * `'NHSNumber'`, and a client's additional subject id types (`Extra`).
 */
export type SubjectIdType<Extra extends string = never> = (typeof SUBJECT_ID_TYPES)[number] | Extra;

/**
 * The `recipient.id.type` values a standard or instant message may carry:
 * `'OcsClientIdentifier'` and a client's additional recipient id types (`Extra`).
 */
export type RecipientIdType<Extra extends string = never> = (typeof RECIPIENT_ID_TYPES)[number] | Extra;
