// One send of a 10 x 5 MB real-PDF message with the wrong-patient check on,
// beside the check's own time on the PDF pool, then a resend of the same
// message, in a fresh process. The PDFs handed to the pool's workers are
// counted by wrapping Worker.prototype.postMessage before the SDK loads: a
// resend must hand none (the verdicts are kept by the PDFs' hash).
// argv: <server url> <pdf file>. Prints { checkMs, sendMs, resendMs, parsed: {check, send, resend}, loopMaxMs }.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { largeMessage, type BenchMessage } from '../lib/fixtures.js';

const [url, pdfFile] = process.argv.slice(2);
if (!url || !pdfFile) throw new Error('usage: send-big-pdf <url> <pdf file>');

let handed = 0;
const post: Worker['postMessage'] = Reflect.get<Worker, 'postMessage'>(Worker.prototype, 'postMessage');
Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker['postMessage']>): void {
  // A task carries the PDF's bytes; anything else (a shutdown) is not a parse.
  const value: unknown = args[0];
  if (typeof value === 'object' && value !== null && 'bytes' in value) handed++;
  Reflect.apply(post, this, args);
};
const { CdmsClient, checkWrongPatient } = await import('cdms-sdk');

const content = readFileSync(pdfFile).toString('base64');
// largeMessage's subject is the letter's patient (lib/clinical-pdf.ts).
const message: BenchMessage = { ...largeMessage(0), attachments: Array.from({ length: 10 }, (_, i) => ({ mimeType: 'application/pdf' as const, fileName: `letter-${i + 1}.pdf`, content })) };
// Ten copies of one PDF would be read once (the verdicts are kept by hash): each gets a comment of its own after %%EOF, which readers ignore.
message.attachments = message.attachments.map((a, i) => ({ ...a, content: Buffer.concat([Buffer.from(content, 'base64'), Buffer.from(`\n%b${i}\n`)]).toString('base64') }));

// The pool started and warm before either side is timed.
const warm = await checkWrongPatient({ ...message, attachments: [message.attachments[0]] });
if (!warm.ok) throw new Error('the bench letter names its own patient: the check must pass it');

const count = (): number => handed;
const timed = async (work: () => Promise<unknown>): Promise<{ ms: number; parsed: number }> => {
  const before = count();
  const started = performance.now();
  await work();
  return { ms: performance.now() - started, parsed: count() - before };
};
// checkWrongPatient keeps its own verdicts: the nine PDFs after the warm-up one are read; a fresh message of ten distinct PDFs for it.
const fresh = { ...message, attachments: message.attachments.map((a, i) => ({ ...a, content: Buffer.concat([Buffer.from(a.content, 'base64'), Buffer.from(`%c${i}\n`)]).toString('base64') })) };
const check = await timed(() => checkWrongPatient(fresh));
const client = new CdmsClient({ baseUrl: url, apiKey: 'bench-key' });
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
const send = await timed(() => client.messages.send(message));
loop.disable();
const resend = await timed(() => client.messages.send(message));
process.stdout.write(
  `${JSON.stringify({ checkMs: check.ms, sendMs: send.ms, resendMs: resend.ms, parsed: { check: check.parsed, send: send.parsed, resend: resend.parsed }, loopMaxMs: loop.max / 1e6 })}\n`,
);
