// Requests the service forbids, one rule each, on top of valid requests.
// The Prism test sends each through Prism's validating proxy (driven by
// docs/openapi.json) and checks that Prism, the SDK's own validation and the
// sandbox all refuse it.
import { randomUUID } from 'node:crypto';
import { validateMessage, validateWidget, type Route } from '../../src/index.js';
import { gpMessage, PDF_BASE64, standardMessage, widget } from '../helpers/fixtures.js';

type Json = Record<string, unknown>;

/** One request as it goes on the wire. */
export interface WireRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: Json;
}

/** A forbidden request, and whether the SDK's local validation refuses it too. */
export interface ForbiddenShape {
  name: string;
  request: WireRequest;
  /** True when the SDK's local checks refuse it (undefined: a header or path rule the SDK checks elsewhere). */
  sdkRefuses?: () => boolean;
}

const refuses = (route: Route, body: Json) => () => !validateMessage(body, { route }).ok;
const pdf = (fileName: string) => ({ mimeType: 'application/pdf', fileName, content: PDF_BASE64 });

/** A valid wire message of each route: its messageId fresh, its type and recipient type filled in. */
export const validStandard = (): Json => ({ ...standardMessage(), messageId: randomUUID() });
export const validInstant = (): Json => ({ ...validStandard(), codedDataItems: undefined, type: 'ToolbarInstantMessage' });
export const validGp = (): Json => {
  const m = gpMessage();
  return { ...m, messageId: randomUUID(), type: 'GPConnectMessage', recipient: { id: { type: 'OdsOrganisationId', value: m.recipient.id.value } } };
};
const gpInfo = (patch: Json): Json => ({ ...validGp(), gpConnectAdditionalInformation: { ...gpMessage().gpConnectAdditionalInformation, ...patch } });

const send = (body: Json, path = '/api/v1/messages', headers: Record<string, string> = {}): WireRequest => ({ method: 'POST', path, body, headers });
const standard = (patch: Json, name: string): ForbiddenShape => {
  const body = { ...validStandard(), ...patch };
  return { name, request: send(body), sdkRefuses: refuses('standard', body) };
};
const gp = (body: Json, name: string): ForbiddenShape => ({ name, request: send(body, '/api/v1/gpconnect/messages'), sdkRefuses: refuses('gpconnect', body) });
const widgetShape = (patch: Json, name: string): ForbiddenShape => {
  const body = { ...widget(), ...patch };
  return { name, request: send(body, '/api/v1/widgets'), sdkRefuses: () => !validateWidget(body).ok };
};

/** Every forbidden shape, by rule. */
export function forbiddenShapes(): ForbiddenShape[] {
  return [
    standard({ attachments: [] }, 'no attachment'),
    standard({ attachments: Array.from({ length: 11 }, (_, i) => pdf(`part-${i}.pdf`)) }, 'eleven attachments'),
    standard({ attachments: [{ ...pdf('a.zip'), mimeType: 'application/zip' }] }, 'a mime type the service does not permit'),
    standard({ attachments: [{ ...pdf('a.pdf'), content: 'not base64!' }] }, 'content that is not base64'),
    standard({ attachments: [{ ...pdf('a.pdf'), content: `JVBE${'A'.repeat(6_666_668)}` }] }, 'content over 5 MB decoded'),
    standard({ attachments: [{ ...pdf('a.pdf'), content: `${PDF_BASE64}QUJ` }] }, 'content whose length is not a multiple of four'),
    standard({ subject: { id: { type: 'NHS', value: '9434765918' } } }, "a subject id type the service does not document ('NHS')"),
    standard({ recipient: { id: { type: 'OdsCode', value: 'A81001' } } }, "a recipient id type the service does not document ('OdsCode')"),
    standard({ attachments: [pdf('CON.pdf')] }, 'a device name as file name'),
    standard({ attachments: [pdf('a:b.pdf')] }, 'a reserved character in the file name'),
    standard({ attachments: [pdf('report.')] }, 'a file name ending in a period'),
    standard({ attachments: [pdf(' report.pdf')] }, 'a file name with a leading space'),
    standard({ expiryDateTime: '2030-06-01T12:00:00' }, 'an expiry without an offset'),
    standard({ messageId: 'message-1' }, 'a messageId that is not a uuid'),
    standard({ topic: '   ' }, 'a blank topic'),
    standard({ codedDataItems: [{ code: '12345' }] }, 'a coded item code that is not a SNOMED CT concept'),
    standard({ codedDataItems: [{ code: '271649006', units: 'mmHg' }] }, "the sample's 'units' key"),
    standard({ body: { mimeType: 'text/rtf', content: 'x' } }, 'a body mime type other than text/plain or text/html'),
    gp({ ...validGp(), attachments: [pdf('a.pdf'), pdf('b.pdf')] }, 'GP route: two attachments'),
    gp({ ...validGp(), attachments: [{ ...pdf('a.jpg'), mimeType: 'image/jpeg' }] }, 'GP route: not a PDF'),
    gp(gpInfo({ versionNumber: 0 }), 'GP route: versionNumber 0'),
    gp(gpInfo({ versionNumber: 2 }), 'GP route: a replacement without relatesTo'),
    gp(gpInfo({ versionNumber: 1, relatesTo: randomUUID() }), 'GP route: an original (versionNumber 1) that names a message it replaces'),
    gp({ ...validGp(), recipient: { id: { type: 'OdsOrganisationId', value: 'b86022' } } }, 'GP route: an ODS code in lower case'),
    gp({ ...validGp(), codedDataItems: [{ code: '271649006' }] }, 'GP route: coded data items'),
    { name: 'instant: no access token header', request: send(validInstant(), '/api/v1/messages/instant') },
    widgetShape({ name: 'Bad/Name' }, 'widget: a name with a slash'),
    widgetShape({ launchUrl: 'http://widgets.example.org/launch' }, 'widget: a launchUrl that is not https'),
    widgetShape({ launchUrl: 'https://user:pw@widgets.example.org/' }, 'widget: credentials in the launchUrl'),
    widgetShape({ encryptionSecret: 'x'.repeat(31) }, 'widget: a 31-character secret'),
    widgetShape({ requiresPatientData: true, requiresUserData: false }, 'widget: patient data without user data'),
    widgetShape({ encryptionMethod: 'A192GCM' }, 'widget: an encryption method the toolbar does not know'),
    { name: 'token exchange: a blank access code', request: send({ accessCode: ' ' }, '/api/v1/messages/instant/access/token') },
    { name: 'status: a message id that is not a uuid', request: { method: 'GET', path: '/api/v1/messages/abc/status' } },
  ];
}

/** One valid request per kind of rule above (given a user's access token), so the test can tell a refusal from a broken proxy. */
export const VALID_REQUESTS: Record<string, (accessToken: string) => WireRequest> = {
  'standard send': () => send(validStandard()),
  'instant send': (accessToken) => send(validInstant(), '/api/v1/messages/instant', { 'Service-Instant-Access-Token': accessToken }),
  'GP-route send': () => send(validGp(), '/api/v1/gpconnect/messages'),
  'widget registration': () => send(widget({ name: `Tracker ${randomUUID().slice(0, 8)}` }), '/api/v1/widgets'),
};
