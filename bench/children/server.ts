// The local service of the send and small-GET scenarios: node:http on loopback,
// run in its own plain-node process so that its work and memory are never
// counted in the client being measured. A send's body is read to the end and
// counted (not kept); the sizes seen since the last look are served on
// /_bench/sizes so the bench can check that the SDK and the baseline sent
// bodies of the same size.
import { createServer } from 'node:http';
import { statusBody } from '../lib/fixtures.js';
import { peerBody } from '../lib/peer-bodies.js';

const sizes = new Set<number>();
const STATUS = /^\/api\/v1\/messages\/([^/]+)\/status$/;

const server = createServer((req, res) => {
  const url = req.url ?? '';
  if (req.method === 'POST' && url === '/api/v1/messages') {
    let received = 0;
    req.on('data', (chunk: Buffer) => (received += chunk.length));
    req.on('end', () => {
      sizes.add(received);
      const body = JSON.stringify({ messageStatusEndpoint: '/api/v1/messages/3b0e7a5c-2f4d-4e8a-9c61-7d5f1e2a9b30/status' });
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
    });
    return;
  }
  const status = req.method === 'GET' ? STATUS.exec(url) : null;
  if (status) {
    const body = statusBody(decodeURIComponent(status[1]!));
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
    return;
  }
  const peer = req.method === 'GET' ? peerBody(url) : undefined;
  if (peer !== undefined) {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(peer) }).end(peer);
    return;
  }
  if (url === '/_bench/sizes') {
    // Each scenario checks its own sends: the sizes seen since the last look.
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify([...sizes]));
    sizes.clear();
    return;
  }
  res.writeHead(404).end();
});

server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}/` })}\n`);
});
// The bench closes stdin to stop the server.
process.stdin.resume().on('end', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
