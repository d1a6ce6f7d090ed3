import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../scripts/openapi/document.js';

const committed = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as Record<string, unknown>;

describe('openapi', () => {
  it('docs/openapi.json is up to date with the zod schemas (run "npm run openapi")', () => {
    expect(committed).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(committed);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every endpoint of the spec with its error statuses', () => {
    const paths = committed.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    const expected: [string, string, string[]][] = [
      ['/api/v1/test', 'get', ['200', '401', '500']],
      ['/api/v1/topics', 'get', ['200', '401', '403', '500']],
      ['/api/v1/messages', 'post', ['200', '400', '401', '403', '500']],
      ['/api/v1/messages/instant', 'post', ['200', '400', '401', '403', '500']],
      ['/api/v1/gpconnect/messages', 'post', ['200', '400', '401', '403', '500', '503']],
      ['/api/v1/messages/{messageId}/status', 'get', ['200', '400', '401', '404', '500']],
      ['/api/v1/gpconnect/messages/{messageId}/status', 'get', ['200', '400', '401', '404', '500']],
      ['/api/v1/messages/instant/access/token', 'post', ['200', '400', '401', '403', '500']],
      ['/api/v1/messages/instant/access/token', 'get', ['200', '400', '401', '403', '410', '500']],
      ['/api/v1/widgets', 'post', ['204', '400', '401', '403', '500']],
    ];
    for (const [path, method, statuses] of expected) {
      expect(Object.keys(paths[path]?.[method]?.responses ?? {}).sort(), `${method} ${path}`).toEqual(statuses);
    }
  });

  it('carries the schemas of the SDK: rules and descriptions included', () => {
    const schemas = (committed.components as { schemas: Record<string, { properties?: Record<string, { description?: string; pattern?: string }> }> }).schemas;
    expect(schemas.StandardMessage?.properties?.messageId?.pattern).toMatch(/0-9a-fA-F/);
    expect(schemas.Attachment?.properties?.content?.description).toMatch(/base64/i);
    expect(JSON.stringify(schemas.StandardMessage)).toContain('#/components/schemas/Attachment');
  });
});
