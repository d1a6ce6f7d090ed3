// The id types are literal unions: the compiler refuses an undocumented type
// unless the client lists it in additionalIdTypes, and then accepts it in the
// send methods without a cast. Checked with the TypeScript compiler, strict,
// as a user's own files would be.
import { describeCompileCases, type RefusedProgram } from '../helpers/compile-cases.js';

const HEADER = `import { CdmsClient, StandardMessageParamsSchema, type StandardMessageParams, type GpConnectMessageParams } from 'cdms-sdk';
import { createTracker } from 'cdms-sdk/tracker';
import type { z } from 'zod';
const attachments = [{ mimeType: 'application/pdf' as const, fileName: 'a.pdf', content: 'JVBERi0=' }];
const recipient = { id: { type: 'OcsClientIdentifier' as const, value: 'A81001' } };
const subject = { id: { type: 'VerifiedNhsNumber' as const, value: '9434765919' } };
const plain = new CdmsClient();
const opened = new CdmsClient({ additionalIdTypes: { subject: ['LocalPatientId'] } });
const both = new CdmsClient({ additionalIdTypes: { subject: ['LocalPatientId'], recipient: ['LocalOrg'] } });
void plain; void opened; void both; void recipient; void subject; void attachments;
`;

/** Programs that must compile, each on its own. */
const VALID: Record<string, string> = {
  'the documented types on a plain client': `await plain.messages.send({ topic: 't', recipient, subject: { id: { type: 'NHSNumber', value: '9434765919' } }, attachments });`,
  'an additional subject type on the client that lists it, without a cast': `await opened.messages.send({ topic: 't', recipient, subject: { id: { type: 'LocalPatientId', value: 'MRN-1' } }, attachments });
await opened.instant.send({ topic: 't', recipient, subject: { id: { type: 'LocalPatientId', value: 'MRN-1' } }, attachments }, { accessToken: 'x' });`,
  'an additional recipient type': `await both.messages.send({ topic: 't', recipient: { id: { type: 'LocalOrg', value: 'X1' } }, subject, attachments });`,
  'a message typed with the defaults goes to an opened client': `const m: StandardMessageParams = { topic: 't', recipient, subject, attachments };
await opened.messages.send(m);`,
  'an opened client is a CdmsClient, for the tracker and helpers': `const c: CdmsClient = both;
await createTracker({ client: both, database: 'memory:' });
void c;`,
  'the default message type is the zod schema type': `type Wire = z.infer<typeof StandardMessageParamsSchema>;
const a: Wire = {} as StandardMessageParams;
const b: StandardMessageParams = {} as Wire;
void a; void b;`,
};

/** Programs that must not compile, each with the error it must give. */
const INVALID: Record<string, RefusedProgram> = {
  "subject type 'NHS'": ['TS2322', /"NHS"/, `await plain.messages.send({ topic: 't', recipient, subject: { id: { type: 'NHS', value: '9434765918' } }, attachments });`],
  "recipient type 'OdsCode'": ['TS2322', /"OdsCode"/, `await plain.messages.send({ topic: 't', recipient: { id: { type: 'OdsCode', value: 'A81001' } }, subject, attachments });`],
  "the GP route's type on a standard send": ['TS2322', /"OdsOrganisationId"/, `await plain.messages.send({ topic: 't', recipient: { id: { type: 'OdsOrganisationId', value: 'A81001' } }, subject, attachments });`],
  'a recipient type on a client that lists only subject types': ['TS2322', /"LocalOrg"/, `await opened.messages.send({ topic: 't', recipient: { id: { type: 'LocalOrg', value: 'X1' } }, subject, attachments });`],
  'an additional type on a plain client': ['TS2322', /"LocalPatientId"/, `await plain.messages.send({ topic: 't', recipient, subject: { id: { type: 'LocalPatientId', value: 'MRN-1' } }, attachments });`],
  'the GP route keeps its fixed recipient type': ['TS2322', /"LocalOrg"/, `const g = {} as GpConnectMessageParams;
await both.gpconnect.send({ ...g, recipient: { id: { type: 'LocalOrg', value: 'X1' } } });`],
};

describeCompileCases('id types at compile time', 'id-types', HEADER, VALID, INVALID);
