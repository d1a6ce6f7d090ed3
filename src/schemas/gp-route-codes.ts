// The GP route's words: every code its status endpoint can report in a
// subStatus (the service's own "Sent to MESH", the ITK3 infrastructure and
// business responses of the practice's system, and MESH's routing and error
// codes), with what each means, whether it ends the message's life, and what
// the sender should do. Sources, all public:
// - ITK3 response codes, https://fhir.nhs.uk/STU3/CodeSystem/ITK-ResponseCodes-1
//   and https://nhsconnect.github.io/ITK3-FHIR-Messaging-Distribution/explore_response_codes.html
//   ("All Negative response codes are deemed to be fatal");
// - 10006, which the code system lacks but GP Connect Send Document requires
//   for a wrong priority: https://developer.nhs.uk/apis/gpconnect-messaging-1-2/senddocument_fedcon_errors.html
// - MESH routing errors EPL-150 to EPL-154 (GP Connect Send Document, Error
//   handling): https://simplifier.net/guide/gp-connect-send-document/Home/Build/Error-handling
// - MESH error codes: https://digital.nhs.uk/developer/api-catalogue/message-exchange-for-social-care-and-health-api
//   (the specification: https://github.com/NHSDigital/mesh-api-specification).
import { SENT_TO_MESH } from './vocabulary.js';

/**
 * Where a GP-route code comes from:
 * - `service`: the service itself ('Sent to MESH', or no subStatus at all);
 * - `mesh`: MESH, the national message exchange (routing and transfer errors);
 * - `itk-infrastructure`: the practice system's ITK3 infrastructure
 *   acknowledgement (prefixes 1 and 2; 20013 is the positive one);
 * - `itk-business`: the practice system's ITK3 business acknowledgement (prefix 3).
 */
export type GpRouteCodeSource = 'mesh' | 'itk-infrastructure' | 'itk-business' | 'service';

/**
 * What a code says about the document: `positive` (received, or filed),
 * `negative` (refused: final, nothing more will come), `pending` (on its way,
 * an answer is still due) or `unknown` (a code the SDK does not know).
 */
export type GpRouteCodeOutcome = 'positive' | 'negative' | 'pending' | 'unknown';

/** One code of the GP route, as the catalogue describes it. */
export interface GpRouteCode {
  /** The code as it starts a subStatus: `'20013'`, `'30002'`, `'EPL-153'`, `'14'`, or `'Sent to MESH'`. */
  readonly code: string;
  /** Its published display name (ITK3), error name or description (MESH), or the service's text. */
  readonly display: string;
  /** Where it comes from. */
  readonly source: GpRouteCodeSource;
  /** Positive, negative or pending. */
  readonly outcome: Exclude<GpRouteCodeOutcome, 'unknown'>;
  /** Whether nothing more will come after it: every ITK3 and MESH code but 20013 is final. */
  readonly final: boolean;
  /** What it means, in plain words. */
  readonly meaning: string;
  /** What the sender should do about it. */
  readonly action: string;
}

const SERVICE_FAULT =
  'The document was not delivered. Do not resend it unchanged: report the messageId and this code to the service operator, and get the document to the practice another way if it is needed meanwhile.';
const MESH_FAULT =
  'MESH did not deliver the document: a fault between the service and MESH. Report the messageId and this code to the service operator; get the document to the practice another way if it is needed meanwhile.';
const CHECK_PATIENT =
  'Check the NHS number, family name and date of birth against the Personal Demographics Service (PDS), correct them, and send the document again as a new message.';

const itk = (
  code: string,
  display: string,
  outcome: GpRouteCode['outcome'],
  meaning: string,
  action: string,
): GpRouteCode => ({
  code,
  display,
  source: code.startsWith('3') ? 'itk-business' : 'itk-infrastructure',
  outcome,
  final: outcome !== 'pending',
  meaning,
  action,
});

const mesh = (code: string, display: string, meaning: string, action: string): GpRouteCode => ({
  code,
  display,
  source: 'mesh',
  outcome: 'negative',
  final: true,
  meaning,
  action,
});

/** The code of the positive ITK3 infrastructure acknowledgement: the practice's system received the document. */
export const ITK_INFRASTRUCTURE_SUCCESS = '20013';

/**
 * The ITK3 code of a replacement the practice's system could not process: it
 * has marked both the replacement and the document it replaces as void.
 */
export const ITK_REPLACEMENT_NOT_PROCESSED = '20014';

/**
 * Every code the GP route can report in a subStatus, with its meaning,
 * whether it is final, and what the sender should do. Read one with
 * {@link parseGpRouteSubStatus}; keep the subStatus itself as text for the
 * audit trail.
 *
 * @example
 * ```ts
 * import { GP_ROUTE_CODES } from 'cdms-sdk';
 *
 * const negatives = GP_ROUTE_CODES.filter((c) => c.outcome === 'negative').map((c) => c.code);
 * ```
 */
export const GP_ROUTE_CODES: readonly GpRouteCode[] = Object.freeze([
  {
    code: SENT_TO_MESH,
    display: SENT_TO_MESH,
    source: 'service',
    outcome: 'pending',
    final: false,
    meaning: "The service accepted the document and handed it to MESH; the practice's system has not acknowledged receipt yet.",
    action:
      "Wait for the practice's system to acknowledge receipt (20013). If it has not within the set time (no-infrastructure-ack), tell the practice: the document may not have arrived.",
  },
  itk('10001', 'Handling Specification Error', 'negative', 'The ITK3 handling specification of the message could not be processed.', SERVICE_FAULT),
  itk('10002', 'Infrastructure Level Response Value - Processing Error', 'negative', 'The infrastructure acknowledgement request in the message could not be processed.', SERVICE_FAULT),
  itk('10003', 'Business Level Response Value - Processing Error', 'negative', 'The business acknowledgement request in the message could not be processed.', SERVICE_FAULT),
  itk('10004', 'Message Definition Value - Processing Error', 'negative', "The message definition could not be processed, or the practice's system does not support this message type.", SERVICE_FAULT),
  itk('10005', 'Message Definition Version Value - Processing Error', 'negative', "The practice's system does not support this version of the message definition.", SERVICE_FAULT),
  itk('10006', 'Priority Value - Processing Error', 'negative', 'The priority in the message is not the one GP Connect Send Document requires (routine).', SERVICE_FAULT),
  itk('10007', 'Sender Reference Value - Processing Error', 'negative', 'The sender reference could not be processed.', 'Check that senderReference is a plain, unique reference of the consultation event, then report the messageId and this code to the service operator; the document was not delivered.'),
  itk('10008', 'Handling Specification Business Rule Error', 'negative', 'The handling specification breaks a business rule of the payload (for example a required acknowledgement not requested).', SERVICE_FAULT),
  itk('10009', 'Unreadable message received', 'negative', "The message reached the practice's system corrupted or malformed.", SERVICE_FAULT),
  itk('10010', 'Recipient Type - Processing Error', 'negative', 'The recipient type could not be processed.', 'Check recipientType (For Action or For Information), then report the messageId and this code to the service operator; the document was not delivered.'),
  itk('20001', 'Unrecognised Recipient Person', 'negative', "The person named as recipient is not recognised by the practice's system.", 'The document was not filed. Check the recipient, then contact the practice and the service operator; get the document to the practice another way if needed.'),
  itk('20002', 'Unrecognised Recipient Organisation', 'negative', "The organisation named as recipient is not recognised by the practice's system.", "The document was not filed. Check the practice's ODS code (or send with 'UNK' so routing uses the patient), then send again as a new message."),
  itk('20003', 'Unrecognised Sender', 'negative', 'The practice system does not recognise your organisation as a sender.', 'The document was not filed. Contact the service operator: your organisation is not known to the receiving system.'),
  itk('20004', 'Non-Approved file type received as an attachment', 'negative', 'The attachment is of a file type the practice may not receive on this route.', 'The document was not filed. Send it as a PDF (the consultation summary format), as a new message.'),
  itk('20005', 'Unsupported file type received as an attachment', 'negative', "The practice's system does not support the attachment's file type.", 'The document was not filed. Send it as a PDF (the consultation summary format), as a new message.'),
  itk('20006', 'ITK header validation failure', 'negative', 'The ITK3 header of the message is not valid.', SERVICE_FAULT),
  itk('20007', 'Duplicate Message received', 'negative', 'The practice has already received and processed a message with this identifier.', 'Do not resend: the practice already has a message with this identifier. Check the earlier copy was filed; to change the document, send a replacement.'),
  itk('20008', 'Duplicate Document received', 'negative', 'The practice has already received and processed this document.', 'Do not resend the same document. To change it, send a replacement (versionNumber + 1, relatesTo the earlier message).'),
  itk('20009', 'Payload validation failure', 'negative', 'The content of the message failed validation at the practice.', SERVICE_FAULT),
  itk('20010', 'Unrecognised Payload Recipient Organisation', 'negative', 'The recipient organisation in the payload is not served by the receiving system.', "The document was not filed. Check the practice's ODS code and the patient's registered practice (PDS), then send again as a new message."),
  itk('20011', 'Unrecognised Payload Recipient Person', 'negative', 'The recipient person in the payload is not served by the receiving system.', 'The document was not filed. Check the recipient, then contact the practice and the service operator.'),
  itk('20012', 'Unauthorised Sender', 'negative', 'The receiving system is set to refuse messages from your organisation.', 'The document was not filed. Contact the service operator and the practice; get the document to the practice another way meanwhile.'),
  itk(ITK_INFRASTRUCTURE_SUCCESS, 'Success', 'pending', "The practice's system received the message and accepted it at the infrastructure level; the business response (filing) is still to come.", "Wait for the business response. If none comes within the set time (no-business-ack), tell the practice: the document may not have been filed."),
  itk(ITK_REPLACEMENT_NOT_PROCESSED, 'Unable to Process Replacement Document', 'negative', 'The practice could not process a replacement and has marked both the new and the original documents as bad.', 'Contact the practice at once: neither version of the document can be relied on in the record. Agree with them which version stands.'),
  itk('20015', 'Message too large', 'negative', "The document is too large for the practice's system (the recommended maximum is 5 MB).", 'The document was not filed. Make it smaller (for example fewer or compressed images) and send it as a new message.'),
  itk('30001', 'Patient known here', 'positive', 'The practice filed the document: the patient is registered there.', 'Nothing: the document reached the patient record.'),
  itk('30002', 'Patient not known here', 'negative', 'The practice has no record of this patient: the document was not filed.', `${CHECK_PATIENT} If the details are right, find the patient's registered practice in PDS.`),
  itk('30003', 'Patient no longer at this clinical setting', 'negative', 'The patient has left this practice: the document was not filed.', "Find the patient's current practice in the Personal Demographics Service (PDS) and send the document there as a new message."),
  itk('30004', 'Patient known here and recently deceased', 'positive', 'The practice filed the document; the patient died recently.', 'Nothing to resend. Review any follow-up your own system still has planned for the patient.'),
  mesh('EPL-150', 'ERROR_TOO_MANY_MAILBOX_MATCHES', "MESH routing found several mailboxes for the patient's practice.", MESH_FAULT),
  mesh('EPL-151', 'ERROR_NO_MAILBOX_MATCHES', "MESH routing found no mailbox for the patient's practice on this route.", "The practice cannot receive on this route: get the document to it another way (for example secure e-mail), and tell the service operator."),
  mesh('EPL-152', 'ERROR_INVALID_NHSNUMBER', 'MESH routing found the NHS number invalid.', CHECK_PATIENT),
  mesh('EPL-153', 'ERROR_NHSNUMBER_NOT_FOUND', 'MESH routing did not find the NHS number in the Personal Demographics Service.', CHECK_PATIENT),
  mesh('EPL-154', 'ERROR_NO_DEMOGRAPHICS_MATCH', 'The NHS number does not match the family name and date of birth in the Personal Demographics Service.', CHECK_PATIENT),
  mesh('02', 'Data file is missing or inaccessible', 'MESH could not read the message data.', MESH_FAULT),
  mesh('06', 'Malformed headers', 'MESH refused the message headers.', MESH_FAULT),
  mesh('07', 'Invalid From Address', "MESH refused the sender's mailbox address.", MESH_FAULT),
  mesh('08', 'Missing Mex-To header', 'MESH got no recipient address.', MESH_FAULT),
  mesh('11', 'Invalid Message Type for the transfer', 'MESH refused the message type.', MESH_FAULT),
  mesh('12', 'Unregistered to address', 'The recipient mailbox is not registered in MESH.', "The practice cannot receive on this route: get the document to it another way, and tell the service operator."),
  mesh('14', 'Undelivered message', 'The practice did not collect the message from MESH in time (five days).', 'The document was not delivered: contact the practice, and send it again as a new message or another way.'),
  mesh('15', 'Bad CP-IS file', 'MESH refused the file as a bad Child Protection Information Sharing file (not expected on this route).', MESH_FAULT),
  mesh('16', 'Sender is not allowed to send messages of this type', 'Your mailbox may not send this type of message.', MESH_FAULT),
  mesh('17', 'Workflow ID not registered for mailbox', 'A mailbox is not registered for the GP route\'s workflow.', MESH_FAULT),
] satisfies GpRouteCode[]);

/**
 * The subStatus of a catalogue code in the spec's `{code}-{display}` shape
 * (`'30002-Patient not known here'`), and `'20013 - Success'` and
 * `'Sent to MESH'` as the spec spells them.
 */
export function formatGpRouteSubStatus(code: Pick<GpRouteCode, 'code' | 'display' | 'source'>): string {
  if (code.source === 'service') return code.display;
  if (code.code === ITK_INFRASTRUCTURE_SUCCESS) return `${code.code} - ${code.display}`;
  return `${code.code}-${code.display}`;
}
