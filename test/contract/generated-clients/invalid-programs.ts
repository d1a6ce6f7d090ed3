// Programs the generated types must refuse, each with the compiler error a
// user would see: the mistakes of a first integration, and the two rules that
// tie fields together. And the rules no generator expresses, which compile:
// the service (and cdms-sdk's local validation) is the only check of those.

/** How each generator's program names the request types and calls. */
export interface Dialect {
  /** Imports and declarations every program of this generator starts with. */
  header: string;
  /** A type of the generated client by its component name. */
  type(name: string): string;
  /** A call sending `body` as a standard message. */
  sendStandard(body: string): string;
  /** A call registering `body` as a widget. */
  registerWidget(body: string): string;
  /** An expression: the body of a standard-message status, or undefined. */
  statusData: string;
}

export const OPENAPI_FETCH: Dialect = {
  header: `import createClient from 'openapi-fetch';
import type { components, paths } from './openapi-typescript/schema';
type Schemas = components['schemas'];
const api = createClient<paths>({ baseUrl: 'http://127.0.0.1:1' });
`,
  type: (name) => `Schemas['${name}']`,
  sendStandard: (body) => `await api.POST('/api/v1/messages', { body: ${body} });`,
  registerWidget: (body) => `await api.POST('/api/v1/widgets', { body: ${body} });`,
  statusData: `(await api.GET('/api/v1/messages/{messageId}/status', { params: { path: { messageId: 'x' } } })).data`,
};

export const HEY_API: Dialect = {
  header: `import { getMessageStatus, registerWidget, sendMessage } from './hey-api/sdk.gen';
import type * as Types from './hey-api/types.gen';
`,
  type: (name) => `Types.${name}`,
  sendStandard: (body) => `await sendMessage({ body: ${body} });`,
  registerWidget: (body) => `await registerWidget({ body: ${body} });`,
  statusData: `(await getMessageStatus({ path: { messageId: 'x' } })).data`,
};

const PDF = `{ mimeType: 'application/pdf' as const, fileName: 'a.pdf', content: 'JVBERi0=' }`;
const message = (overrides: string) => `{
  messageId: '6f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11',
  topic: 'Discharge Summary',
  recipient: { id: { type: 'OcsClientIdentifier', value: 'A81001' } },
  subject: { id: { type: 'VerifiedNhsNumber', value: '9434765919' } },
  attachments: [${PDF}],
  ${overrides}
}`;
const widget = (overrides: string) => `{
  name: 'Tracker', icon: 'clipboard', launchUrl: 'https://widgets.example.org/launch',
  encryptionSecret: 'k3Y9-widget-secret-32-characters', ${overrides}
}`;
const gpInfo = (versionFields: string) => `{
  recipientType: 'For Action', senderReference: 'R1', confidentiality: false, ${versionFields}
  patient: { name: { family: 'Example' }, dateOfBirth: '1953-07-14' }, typeCode: '185317003', typeDescription: 'Telephone encounter',
}`;

/** One program the compiler must refuse. */
export interface InvalidProgram {
  name: string;
  /** The error it must give: any of these codes, with a message matching `message`. */
  codes: readonly string[];
  message: RegExp;
  source(d: Dialect): string;
}

/** A call or assignment whose argument does not fit reports one of these. */
const MISMATCH = ['TS2322', 'TS2345', 'TS2353', 'TS2741', 'TS2769', 'TS2820'];

export const INVALID_PROGRAMS: readonly InvalidProgram[] = [
  {
    name: 'a missing required field (topic)',
    codes: MISMATCH,
    message: /'topic'/,
    source: (d) => d.sendStandard(message('').replace("topic: 'Discharge Summary',", '')),
  },
  {
    name: 'an unsupported mime type',
    codes: MISMATCH,
    message: /"application\/zip"/,
    source: (d) => d.sendStandard(message(`attachments: [{ mimeType: 'application/zip', fileName: 'a.zip', content: 'UEsDBA==' }],`).replace(`attachments: [${PDF}],`, '')),
  },
  {
    name: 'a misspelt response field (stauts)',
    codes: ['TS2551', 'TS2339'],
    message: /'stauts'/,
    source: (d) => `const data = ${d.statusData};\nconsole.log(data?.stauts);`,
  },
  {
    name: "an unknown id type ('NHS')",
    codes: MISMATCH,
    message: /"NHS"/,
    source: (d) => d.sendStandard(message("subject: { id: { type: 'NHS', value: '9434765918' } },").replace("subject: { id: { type: 'VerifiedNhsNumber', value: '9434765919' } },", '')),
  },
  {
    name: 'a GP-route status without subStatus',
    codes: ['TS2741', 'TS2322'],
    message: /'subStatus'/,
    source: (d) => `const status: ${d.type('GpConnectStatus')} = { messageId: 'x', status: 'PENDING', updated: '2026-01-01T00:00:00Z' };\nconsole.log(status);`,
  },
  {
    name: 'a widget asking for patient data without user data',
    codes: MISMATCH,
    message: /requiresUserData|requiresPatientData/,
    source: (d) => d.registerWidget(widget("encryptionMethod: 'A256GCM', requiresUserData: false, requiresPatientData: true")),
  },
  {
    name: 'a GP-route replacement (versionNumber 2) without relatesTo',
    codes: MISMATCH,
    message: /relatesTo|versionNumber/,
    source: (d) => `const info: ${d.type('GpConnectAdditionalInformation')} = ${gpInfo('versionNumber: 2,')};\nconsole.log(info);`,
  },
];

/**
 * Rules neither generator can express in TypeScript, so these compile: the
 * service refuses them, and so does cdms-sdk's local validation. The guide
 * lists them. Should a generator learn one, its test fails: move the rule to
 * INVALID_PROGRAMS and the guide's other list.
 */
export const UNEXPRESSED_RULES: readonly { name: string; source(d: Dialect): string }[] = [
  {
    // Both: versionNumber is `number` in the replacement branch, so 1 with relatesTo matches it.
    name: 'an original (versionNumber 1) that names a message it replaces',
    source: (d) => `const info: ${d.type('GpConnectAdditionalInformation')} = ${gpInfo("versionNumber: 1, relatesTo: 'x',")};\nconsole.log(info);`,
  },
  {
    name: 'an NHS number with a wrong check digit',
    source: (d) => d.sendStandard(message("subject: { id: { type: 'VerifiedNhsNumber', value: '9434765918' } },").replace("subject: { id: { type: 'VerifiedNhsNumber', value: '9434765919' } },", '')),
  },
  {
    name: 'content that is not base64, or a PDF that does not start with %PDF-',
    source: (d) => d.sendStandard(message(`attachments: [{ mimeType: 'application/pdf', fileName: 'a.pdf', content: 'not base64!' }],`).replace(`attachments: [${PDF}],`, '')),
  },
  {
    name: 'no attachment, or more than ten (openapi-typescript without its arrayLength option; @hey-api/openapi-ts)',
    source: (d) => d.sendStandard(message('attachments: [],').replace(`attachments: [${PDF}],`, '')),
  },
  {
    name: 'a file name Windows refuses, a messageId that is not a UUID, an expiry in the past',
    source: (d) => d.sendStandard(message("messageId: 'm-1', expiryDateTime: '2001-01-01T00:00:00Z', attachments: [{ mimeType: 'application/pdf', fileName: 'CON.pdf', content: 'JVBERi0=' }],").replace(`attachments: [${PDF}],`, '').replace("messageId: '6f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11',", '')),
  },
];
