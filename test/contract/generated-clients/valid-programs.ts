// The program a user would write on each generated client: every operation of
// docs/openapi.json, with the types the client generated (no cast, no `any`).
// Written as source text because the clients exist only once generated; the
// test type-checks it, strict, and then runs it against the sandbox.

/** Shared by both programs: what the test hands them, what they report back. */
const FIXTURE = `/** A running sandbox and data it accepts. */
export interface Fixture {
  baseUrl: string;
  apiKey: string;
  topic: string;
  recipient: string;
  nhsNumber: string;
  pdfBase64: string;
  accessCode: string;
  widgetName: string;
}

/** What the program saw. */
export interface Outcome {
  /** The operationIds whose call answered 2xx, in order. */
  succeeded: string[];
  standardStatus: string;
  gpSubStatus: string | null;
  /** A send the service refused: its status and how many invalidParameters came back. */
  refused: { status: number; invalidParameters: number };
}

function recorder(succeeded: string[]) {
  return (operationId: string, response: Response): void => {
    if (!response.ok) throw new Error(\`\${operationId} answered HTTP \${response.status}\`);
    succeeded.push(operationId);
  };
}
`;

/** The message bodies, in the generated types named by `T` (a prefix such as `Schemas['` or ``). */
const bodies = (type: (name: string) => string) => `
  const standard: ${type('StandardMessage')} = {
    messageId: crypto.randomUUID(),
    topic,
    recipient: { id: { type: 'OcsClientIdentifier', value: f.recipient } },
    subject: { id: { type: 'VerifiedNhsNumber', value: f.nhsNumber } },
    attachments: [{ mimeType: 'application/pdf', fileName: 'summary.pdf', content: f.pdfBase64 }],
  };
  const instant: ${type('InstantMessage')} = { ...standard, messageId: crypto.randomUUID(), type: 'ToolbarInstantMessage' };
  const gp: ${type('GpConnectMessage')} = {
    messageId: crypto.randomUUID(),
    type: 'GPConnectMessage',
    topic,
    recipient: { id: { type: 'OdsOrganisationId', value: 'UNK' } },
    subject: { id: { type: 'NHSNumber', value: f.nhsNumber } },
    attachments: [{ mimeType: 'application/pdf', fileName: 'consultation.pdf', content: f.pdfBase64 }],
    gpConnectAdditionalInformation: {
      recipientType: 'For Action',
      senderReference: 'OOH-2026-000123',
      confidentiality: false,
      versionNumber: 1,
      patient: { name: { family: 'Example' }, dateOfBirth: '1953-07-14' },
      typeCode: '185317003',
      typeDescription: 'Telephone encounter',
    },
  };
  // No encryptionMethod: it has a default, so it stays optional in the request.
  const widget: ${type('WidgetRegistration')} = {
    name: f.widgetName,
    icon: 'clipboard',
    launchUrl: 'https://widgets.example.org/launch',
    encryptionSecret: 'k3Y9-widget-secret-32-characters',
    requiresUserData: true,
    requiresPatientData: false,
  };
`;

/** openapi-typescript's types with openapi-fetch. */
export const OPENAPI_FETCH_PROGRAM = `import createClient from 'openapi-fetch';
import type { components, paths } from './openapi-typescript/schema';

type Schemas = components['schemas'];
${FIXTURE}
/** Compiles only while a 400's invalidParameters is required. */
export const invalidParameterCount = (problem: Schemas['ValidationProblem']): number => problem.invalidParameters.length;

export async function callEveryOperation(f: Fixture): Promise<Outcome> {
  const api = createClient<paths>({ baseUrl: f.baseUrl, headers: { ApiKey: f.apiKey } });
  const succeeded: string[] = [];
  const check = recorder(succeeded);
  check('test', (await api.GET('/api/v1/test')).response);
  check('testPost', (await api.POST('/api/v1/test')).response);
  const topics = await api.GET('/api/v1/topics');
  check('listTopics', topics.response);
  const topic = topics.data?.find((t) => t.topicName === f.topic)?.topicName ?? f.topic;
${bodies((name) => `Schemas['${name}']`)}
  check('sendMessage', (await api.POST('/api/v1/messages', { body: standard })).response);
  const status = await api.GET('/api/v1/messages/{messageId}/status', { params: { path: { messageId: standard.messageId } } });
  check('getMessageStatus', status.response);

  const exchanged = await api.POST('/api/v1/messages/instant/access/token', { body: { accessCode: f.accessCode } });
  check('exchangeAccessCode', exchanged.response);
  const header = { 'Service-Instant-Access-Token': exchanged.data?.token ?? '' };
  // The spec asks for Content-Type on the verify GET; the document cannot declare it, so it is added here.
  const json = { 'Content-Type': 'application/json' };
  check('verifyAccessToken', (await api.GET('/api/v1/messages/instant/access/token', { params: { header }, headers: json })).response);
  check('verifyAccessTokenSamplePath', (await api.GET('/api/v1/messages/instant/access/token/verify', { params: { header }, headers: json })).response);
  check('sendInstantMessage', (await api.POST('/api/v1/messages/instant', { body: instant, params: { header } })).response);

  check('sendGpConnectMessage', (await api.POST('/api/v1/gpconnect/messages', { body: gp })).response);
  const gpStatus = await api.GET('/api/v1/gpconnect/messages/{messageId}/status', { params: { path: { messageId: gp.messageId } } });
  check('getGpConnectStatus', gpStatus.response);
  check('registerWidget', (await api.POST('/api/v1/widgets', { body: widget })).response);

  const refused = await api.POST('/api/v1/messages', { body: { ...standard, messageId: crypto.randomUUID(), topic: 'No such topic' } });
  return {
    succeeded,
    standardStatus: status.data?.status ?? '',
    gpSubStatus: gpStatus.data ? gpStatus.data.subStatus : 'no body',
    refused: { status: refused.response.status, invalidParameters: refused.error?.invalidParameters?.length ?? 0 },
  };
}
`;

/** @hey-api/openapi-ts with its fetch client. */
export const HEY_API_PROGRAM = `import { client } from './hey-api/client.gen';
import {
  exchangeAccessCode, getGpConnectStatus, getMessageStatus, listTopics, registerWidget, sendGpConnectMessage,
  sendInstantMessage, sendMessage, test, testPost, verifyAccessToken, verifyAccessTokenSamplePath,
} from './hey-api/sdk.gen';
import type { GpConnectMessage, InstantMessage, StandardMessage, ValidationProblem, WidgetRegistration } from './hey-api/types.gen';
${FIXTURE}
/** Compiles only while a 400's invalidParameters is required. */
export const invalidParameterCount = (problem: ValidationProblem): number => problem.invalidParameters.length;

export async function callEveryOperation(f: Fixture): Promise<Outcome> {
  client.setConfig({ baseUrl: f.baseUrl, headers: { ApiKey: f.apiKey } });
  const succeeded: string[] = [];
  const check = recorder(succeeded);
  check('test', (await test()).response);
  check('testPost', (await testPost()).response);
  const topics = await listTopics();
  check('listTopics', topics.response);
  const topic = topics.data?.find((t) => t.topicName === f.topic)?.topicName ?? f.topic;
${bodies((name) => name)}
  check('sendMessage', (await sendMessage({ body: standard })).response);
  const status = await getMessageStatus({ path: { messageId: standard.messageId } });
  check('getMessageStatus', status.response);

  const exchanged = await exchangeAccessCode({ body: { accessCode: f.accessCode } });
  check('exchangeAccessCode', exchanged.response);
  // The spec asks for Content-Type on the verify GET; the document cannot declare it, so it is added here.
  const headers = { 'Service-Instant-Access-Token': exchanged.data?.token ?? '', 'Content-Type': 'application/json' };
  check('verifyAccessToken', (await verifyAccessToken({ headers })).response);
  check('verifyAccessTokenSamplePath', (await verifyAccessTokenSamplePath({ headers })).response);
  check('sendInstantMessage', (await sendInstantMessage({ body: instant, headers })).response);

  check('sendGpConnectMessage', (await sendGpConnectMessage({ body: gp })).response);
  const gpStatus = await getGpConnectStatus({ path: { messageId: gp.messageId } });
  check('getGpConnectStatus', gpStatus.response);
  check('registerWidget', (await registerWidget({ body: widget })).response);

  const refused = await sendMessage({ body: { ...standard, messageId: crypto.randomUUID(), topic: 'No such topic' } });
  return {
    succeeded,
    standardStatus: status.data?.status ?? '',
    gpSubStatus: gpStatus.data ? gpStatus.data.subStatus : 'no body',
    refused: { status: refused.response.status, invalidParameters: refused.error?.invalidParameters?.length ?? 0 },
  };
}
`;
