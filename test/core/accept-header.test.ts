// Requests accept both JSON and problem+json: a server that negotiates
// strictly answers an error with its problem body only when the client says
// it accepts one (otherwise 406, or a body that is not a problem).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CdmsClient, NotFoundError } from '../../src/index.js';

const ID = '6f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11';
let server: Server;
let baseUrl: string;
const seen: IncomingHttpHeaders[] = [];

/** Accept lists the media type (or a wildcard that covers it). */
const accepts = (accept: string | undefined, type: string) =>
  (accept ?? '').split(',').some((part) => {
    const range = part.split(';')[0]!.trim();
    return range === type || range === '*/*' || range === `${type.split('/')[0]}/*`;
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers);
    if (!accepts(req.headers.accept, 'application/problem+json')) {
      res.writeHead(406, { 'Content-Type': 'text/html' }).end('<h1>Not Acceptable</h1>');
      return;
    }
    res
      .writeHead(404, { 'Content-Type': 'application/problem+json' })
      .end(JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, instance: 'urn:uuid:11111111-2222-4333-8444-555555555555' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Accept header', () => {
  it('asks for application/json and application/problem+json, so a strict server answers with its problem', async () => {
    const cdms = new CdmsClient({ baseUrl, apiKey: 'k' });
    const error = await cdms.messages.status(ID).catch((e: unknown) => e);
    expect(seen.at(-1)?.accept).toBe('application/json, application/problem+json');
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, problem: { title: 'Not Found' }, instance: 'urn:uuid:11111111-2222-4333-8444-555555555555' });
  });
});
