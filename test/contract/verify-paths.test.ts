import { afterEach, describe, expect, it } from 'vitest';
import { CdmsClient } from '../../src/index.js';
import { startSandbox, type Sandbox, type TokenVerifyPath } from '../../src/sandbox/index.js';
import { raw } from '../sandbox/support.js';

const started: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

async function sandboxServing(verifyPaths: TokenVerifyPath[]) {
  const sandbox = await startSandbox({ port: 0, verifyPaths });
  started.push(sandbox);
  const cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
  const token = await cdms.tokens.exchange(await sandbox.issueAccessCode('dr-a'));
  return { sandbox, cdms, token };
}

const DEFINITION = '/api/v1/messages/instant/access/token';
const SUFFIX = `${DEFINITION}/verify`;

describe('contract: both token verify paths', () => {
  it('by default both paths answer 200 for a valid token and 410 once revoked', async () => {
    const { sandbox, token } = await sandboxServing(['definition', 'verify']);
    const headers = { 'Service-Instant-Access-Token': token };
    for (const path of [DEFINITION, SUFFIX]) expect((await raw(sandbox, 'GET', path, { headers })).status).toBe(200);
    sandbox.revokeToken(token);
    for (const path of [DEFINITION, SUFFIX]) expect((await raw(sandbox, 'GET', path, { headers })).status).toBe(410);
  });

  it('the SDK verifies on the definition path when it is served', async () => {
    const { sandbox, cdms, token } = await sandboxServing(['definition']);
    await expect(cdms.tokens.verify(token)).resolves.toBe(true);
    sandbox.revokeToken(token);
    await expect(cdms.tokens.verify(token)).resolves.toBe(false);
    expect(sandbox.stats().byStatus['405'] ?? 0).toBe(0);
  });

  it('the SDK falls back to /verify when only that path is served (the definition path answers 405)', async () => {
    const { sandbox, cdms, token } = await sandboxServing(['verify']);
    expect((await raw(sandbox, 'GET', DEFINITION, { headers: { 'Service-Instant-Access-Token': token } })).status).toBe(405);
    await expect(cdms.tokens.verify(token)).resolves.toBe(true);
    sandbox.revokeToken(token);
    await expect(cdms.tokens.verify(token)).resolves.toBe(false);
  });
});
