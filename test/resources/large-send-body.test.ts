// The body a send puts on the wire, small or large: exactly the UTF-8 bytes
// of JSON.stringify of the message as it goes on the wire, with its
// Content-Length and Content-Type, on every attempt. A large body is made in
// pieces (src/resources/send-body.ts); a node:http server checks what
// arrived byte for byte, by its SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CdmsClient } from '../../src/index.js';
import { PIECE_CHARS } from '../../src/internal/json-pieces.js';
import { toWireMessage } from '../../src/resources/wire-message.js';
import { gpMessage, MESSAGE_ID, standardMessage } from '../helpers/fixtures.js';

/** What the server saw of each POST. */
interface Arrived {
  path: string;
  headers: IncomingHttpHeaders;
  bytes: number;
  sha256: string;
}

let server: Server;
let baseUrl: string;
const arrived: Arrived[] = [];
/** Statuses the next POSTs are answered with, in order (0: the connection dropped unanswered); 202 once they run out. */
const answers: number[] = [];
/** Called when a POST's headers arrive, before its body is read. */
let onRequest: (() => void) | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.method !== 'POST') {
      if (req.url?.includes('/status')) {
        res.writeHead(404, { 'content-type': 'application/problem+json' }).end(JSON.stringify({ title: 'Not Found', status: 404 }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]'); // the topic list: none, so topics are not checked
      return;
    }
    onRequest?.();
    const hash = createHash('sha256');
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      hash.update(chunk);
    });
    req.on('end', () => {
      arrived.push({ path: req.url ?? '', headers: req.headers, bytes, sha256: hash.digest('hex') });
      const status = answers.shift() ?? 202;
      if (status === 0) {
        req.socket.destroy(); // the whole body arrived, no answer: the client cannot tell whether it did
        return;
      }
      if (status === 202) {
        res.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ messageStatusEndpoint: `/messages/${MESSAGE_ID}/status` }));
      } else {
        res.writeHead(status, { 'content-type': 'application/problem+json', 'retry-after': '0' }).end(JSON.stringify({ title: 'Unavailable', status }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  arrived.length = 0;
  answers.length = 0;
  onRequest = undefined;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Base64 of `bytes` random bytes that start as a PDF does. */
function pdfBase64(bytes: number): string {
  const data = randomBytes(bytes);
  data.write('%PDF-1.7\n', 0);
  return data.toString('base64');
}

/** SHA-256 and length of the UTF-8 bytes of JSON.stringify(value). */
function expectedBody(value: unknown): { sha256: string; bytes: number } {
  const bytes = Buffer.from(JSON.stringify(value), 'utf8');
  return { sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length };
}

const client = (maxRetries = 0) => new CdmsClient({ baseUrl, apiKey: 'k', maxRetries });

/** A message with `count` PDF attachments of `bytes` each, and a body with characters outside ASCII (UTF-8 of several bytes). */
const bigMessage = (count: number, bytes: number) =>
  standardMessage({
    body: { mimeType: 'text/plain', content: 'Entlassung – “Zusammenfassung” 🏥 attached.' },
    attachments: Array.from({ length: count }, (_, i) => ({ mimeType: 'application/pdf', fileName: `part-${i}.pdf`, content: pdfBase64(bytes) })),
  });

describe('the body of a send', () => {
  it('a large message (4 x 4 MB) arrives byte for byte as JSON.stringify of its wire form, with its Content-Length', async () => {
    const message = bigMessage(4, 4_000_000);
    const expected = expectedBody(toWireMessage(message, 'standard').wire);
    await client().messages.send(message, { allowOtherNhsNumbers: true });
    expect(arrived).toHaveLength(1);
    expect(arrived[0]).toMatchObject({ sha256: expected.sha256, bytes: expected.bytes });
    expect(arrived[0]!.headers['content-length']).toBe(String(expected.bytes));
    expect(arrived[0]!.headers['transfer-encoding']).toBeUndefined();
    expect(arrived[0]!.headers['content-type']).toBe('application/json');
  });

  it('a small message arrives byte for byte as JSON.stringify of its wire form, with its Content-Length', async () => {
    const message = standardMessage({ body: { mimeType: 'text/plain', content: 'Entlassung – “Zusammenfassung” 🏥' } });
    const expected = expectedBody(toWireMessage(message, 'standard').wire);
    await client().messages.send(message, { allowOtherNhsNumbers: true });
    expect(arrived).toHaveLength(1);
    expect(arrived[0]).toMatchObject({ sha256: expected.sha256, bytes: expected.bytes });
    expect(arrived[0]!.headers['content-length']).toBe(String(expected.bytes));
    expect(arrived[0]!.headers['content-type']).toBe('application/json');
  });

  it('a GP-route send retried after a 503 sends the same full large body again', async () => {
    const message = gpMessage({ attachments: [{ mimeType: 'application/pdf', fileName: 'summary.pdf', content: pdfBase64(3_000_000) }] });
    const expected = expectedBody(toWireMessage(message, 'gpconnect').wire);
    answers.push(503);
    await client(1).gpconnect.send(message, { allowOtherNhsNumbers: true });
    expect(arrived).toHaveLength(2);
    for (const attempt of arrived) {
      expect(attempt).toMatchObject({ sha256: expected.sha256, bytes: expected.bytes });
      expect(attempt.headers['content-length']).toBe(String(expected.bytes));
    }
  });

  it('a large send resent after a dropped connection and a status 404 sends the same full body again', async () => {
    const message = bigMessage(2, 2_000_000);
    const expected = expectedBody(toWireMessage(message, 'standard').wire);
    answers.push(0);
    const result = await client(1).messages.send(message, { allowOtherNhsNumbers: true });
    expect(result.recovered).toBe(false);
    expect(arrived).toHaveLength(2);
    for (const attempt of arrived) expect(attempt).toMatchObject({ sha256: expected.sha256, bytes: expected.bytes });
  });

  it('the event loop runs while a large send is validated and its body is made: many turns before the request leaves', async () => {
    // 4 x 5 MB of content: about 27 MB of JSON, at least 13 pieces (of 1 to
    // 2 MiB each). Made in one go (validation, stringify and encoding), not
    // one turn of the event loop would come between the call and the
    // request's arrival but the few of connecting (3 when this was so).
    const message = bigMessage(4, 5_000_000);
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    let turnsWhenArrived = -1;
    onRequest = () => {
      turnsWhenArrived = turns;
    };
    setImmediate(count);
    await client().messages.send(message, { allowOtherNhsNumbers: true });
    counting = false;
    const pieces = Math.floor(JSON.stringify(toWireMessage(message, 'standard').wire).length / (2 * PIECE_CHARS));
    expect(turnsWhenArrived).toBeGreaterThanOrEqual(pieces);
  });
});
