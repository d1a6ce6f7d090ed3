// tracker.send's types read naturally: an instant send without its access
// token is reported as a missing argument, not as a mismatch with another
// route; tracker.replace takes a whole GP-route message without the two
// fields it sets; createTracker takes no database passed as undefined (the run
// time refuses it). Checked with the TypeScript compiler, strict, as a user's
// files are.
import { describeCompileCases, type RefusedProgram } from '../helpers/compile-cases.js';

const HEADER = `import { CdmsClient, type InstantMessageParams, type StandardMessageParams, type GpConnectMessageParams } from 'cdms-sdk';
import { createTracker, type GpConnectReplacement, type TrackedRoute } from 'cdms-sdk/tracker';
const tracker = await createTracker({ client: new CdmsClient(), database: 'memory:' });
const standard = {} as StandardMessageParams;
const instant = {} as InstantMessageParams;
const gp = {} as GpConnectMessageParams;
void standard; void instant; void gp;
const earlier = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const { versionNumber: _v, relatesTo: _r, ...info } = gp.gpConnectAdditionalInformation;
`;

const VALID: Record<string, string> = {
  'each route with its own message': `await tracker.send('standard', standard);
await tracker.send('standard', standard, { metadata: { documentId: 'D-1' } });
await tracker.send('instant', instant, { accessToken: 'token' });
await tracker.send('gpconnect', gp);`,
  'a route chosen at run time': `const route = 'standard' as TrackedRoute;
if (route !== 'instant') await tracker.send(route, standard);`,
  'a new version: the GP-route message without versionNumber and relatesTo': `const next: GpConnectReplacement = { ...gp, gpConnectAdditionalInformation: info };
const { versionNumber } = await tracker.replace(earlier, next, { by: 'j.smith', note: 'Corrected.' });
void versionNumber;`,
};

const INVALID: Record<string, RefusedProgram> = {
  'an instant send without options': ['TS2554', /Expected 3 arguments, but got 2/, `await tracker.send('instant', instant);`],
  'an instant send without its access token': ['TS2345', /'TrackerInstantSendOptions'/, `await tracker.send('instant', instant, {});`],
  'a GP-route message on the standard route': ['TS2345', /StandardMessageParams/, `await tracker.send('standard', gp);`],
  'a new version that sets versionNumber itself': ['TS2345', /versionNumber/, `await tracker.replace(earlier, gp);`],
  'a new version without what the GP route requires': [
    'TS2741',
    /senderReference/,
    `const { senderReference: _s, ...partial } = info;
await tracker.replace(earlier, { ...gp, gpConnectAdditionalInformation: partial });`,
  ],
  'a standard message as a new version': ['TS2345', /GpConnectReplacement/, `await tracker.replace(earlier, standard);`],
  // The run time refuses it (an unset environment variable must not become the embedded default): so does the type.
  'database passed as undefined': ['TS2379', /database/, `await createTracker({ client: new CdmsClient(), database: undefined });`],
  'database from a variable that may be unset': ['TS2379', /database/, `await createTracker({ client: new CdmsClient(), database: process.env.LEDGER });`],
};

describeCompileCases('tracker.send at compile time', 'tracker-send', HEADER, VALID, INVALID);
