// The sandbox serves every row of the operation table at its method and path,
// and refuses the forbidden key exactly where the row lists 403.
import { describe, expect, it } from 'vitest';
import { OPERATIONS, OPERATION_IDS } from '../../src/schemas/operations.js';
import { newId, raw, useSandbox } from './support.js';

const ctx = useSandbox();

describe('the sandbox serves the operation table', () => {
  it.each(OPERATION_IDS.map((id) => [id]))('%s: served, and the forbidden key refused where the row lists 403', async (id) => {
    const row = OPERATIONS[id];
    const path = `/${row.path.replace('{messageId}', newId())}`;
    const body = 'jsonBody' in row ? {} : undefined;
    const forbidden = await raw(ctx.sandbox, row.method, path, { apiKey: ctx.sandbox.forbiddenApiKey, body });
    expect(forbidden.status === 403, `${row.method} ${path}: ${forbidden.status}`).toBe((row.errors as readonly number[]).includes(403));
    // Without a key every served operation answers 401 (an unserved one 404 or 405).
    const anonymous = await raw(ctx.sandbox, row.method, path, { apiKey: null, body });
    expect(anonymous.status).toBe(401);
  });
});
