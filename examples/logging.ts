// Logging: the SDK's structured events into pino, or into console, unchanged.
// The events carry operation, status, durations, retry delays and recoveries;
// never a body, the API key, a token or patient data, at any level.
//
//   npx tsx examples/logging.ts
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { Logger } from 'cdms-sdk';
import { connect } from './support/connect.js';
import { PATIENT, consultationSummary } from './support/documents.js';
import { say, step } from './support/output.js';

// pino writes JSON lines; here into memory, so the example can show and check them.
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString().trim());
    done();
  },
});
const logger: Logger = pino({ level: 'debug' }, sink);

const connection = await connect({ client: { logger } });
const { cdms, sandbox, recipient } = connection;
try {
  step(1, 'A GP-route send that meets a 503 first, logged by pino');
  // Against the embedded sandbox, script the infrastructure to refuse once.
  sandbox?.failNext({ operation: 'gpconnect.send', status: 503, retryAfterSeconds: 0 });
  const { messageId } = await cdms.gpconnect.send(consultationSummary(recipient));
  for (const line of lines) {
    const { msg, event } = JSON.parse(line) as { msg: string; event: string };
    say(`${event.padEnd(9)} ${msg}`);
  }
  const everything = lines.join('\n');
  for (const secret of [sandbox?.apiKey, PATIENT.nhsNumber, PATIENT.family, PATIENT.dateOfBirth]) {
    if (secret && everything.includes(secret)) throw new Error('the log holds a secret or patient data');
  }
  say(`sent ${messageId}; ${lines.length} log lines, none with the key or patient data`);

  step(2, 'The same client options with console');
  // console's methods take (fields, message) too, so it plugs in as it is.
  const quiet = { ...console, debug: () => undefined }; // keep the example's output short
  const { CdmsClient } = await import('cdms-sdk');
  if (sandbox) {
    const viaConsole = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, logger: quiet });
    sandbox.failNext({ operation: 'topics.list', status: 500 });
    await viaConsole.topics.list(); // a retried read: console.warn prints the retry event
  } else {
    say('(skipped against a real environment)');
  }
} finally {
  await connection.close();
}
