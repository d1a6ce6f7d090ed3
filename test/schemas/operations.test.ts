// The operation table is the one place an operation is written: the
// committed OpenAPI description, the retry policies and the endpoints must
// say what its rows say, no more and no less.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RETRY_POLICIES } from '../../src/core/retry-policy.js';
import { ENDPOINTS } from '../../src/schemas/endpoints.js';
import { OPERATIONS, OPERATION_IDS, OPERATION_NAMES, operationCall, refusesForbiddenKey } from '../../src/schemas/operations.js';

interface OpenApiOperation {
  operationId: string;
  responses: Record<string, unknown>;
}
const committed = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, OpenApiOperation>>;
};

describe('the operation table', () => {
  it('docs/openapi.json has exactly one operation per row: its method, path, operationId and error statuses', () => {
    const documented = Object.entries(committed.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path: path.slice(1),
        errors: Object.keys(op.responses)
          .map(Number)
          .filter((status) => status >= 400),
      })),
    );
    const rows = OPERATION_IDS.map((id) => ({ operationId: id, method: OPERATIONS[id].method, path: OPERATIONS[id].path, errors: [...OPERATIONS[id].errors] }));
    expect(documented).toEqual(rows);
  });

  it('refuses the forbidden key exactly where the spec lists 403', () => {
    expect(OPERATION_IDS.filter((id) => !refusesForbiddenKey(id))).toEqual(['test', 'testPost', 'getMessageStatus', 'getGpConnectStatus']);
  });

  it('gives every name one retry policy, and every policy a name of the table', () => {
    for (const name of OPERATION_NAMES) {
      const kinds = new Set(OPERATION_IDS.filter((id) => OPERATIONS[id].name === name).map((id) => OPERATIONS[id].retry));
      expect(kinds.size, name).toBe(1);
    }
    expect(Object.keys(RETRY_POLICIES)).toEqual([...OPERATION_NAMES]);
  });

  it('is where every endpoint comes from', () => {
    const paths = new Set(OPERATION_IDS.map((id) => OPERATIONS[id].path));
    expect(Object.values(ENDPOINTS).filter((endpoint) => !paths.has(endpoint))).toEqual([]);
    expect([...paths].filter((path) => !(Object.values(ENDPOINTS) as string[]).includes(path))).toEqual([]);
  });

  it("names a request by the row's name, method and path", () => {
    expect(operationCall('listTopics')).toEqual({ operation: 'topics.list', method: 'GET', path: 'api/v1/topics' });
    expect(operationCall('verifyAccessTokenSamplePath')).toEqual({ operation: 'tokens.verify', method: 'GET', path: 'api/v1/messages/instant/access/token/verify' });
  });
});
