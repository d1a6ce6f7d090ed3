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
    expect(JSON.stringify(schemas.StandardMessage)).toContain('#/components/schemas/PermittedAttachment');
    expect(JSON.stringify(schemas.PermittedAttachment)).toContain('#/components/schemas/Attachment');
  });

  it('carries the value rules: attachment counts, types, content, file names, formats, widget rules', () => {
    const schemas = (committed.components as { schemas: Record<string, Record<string, unknown>> }).schemas;
    const prop = (component: string, path: string) =>
      path.split('.').reduce<Record<string, unknown>>((node, key) => (node[key] ?? {}) as Record<string, unknown>, schemas[component] ?? {});
    expect(prop('StandardMessage', 'properties.attachments')).toMatchObject({ minItems: 1, maxItems: 10 });
    expect(prop('GpConnectMessage', 'properties.attachments')).toMatchObject({ minItems: 1, maxItems: 1 });
    expect(prop('PermittedAttachment', 'properties.mimeType')).toEqual({ enum: ['application/pdf', 'image/jpeg', 'text/plain', 'text/vnd.vendor.service.consultation'] });
    expect(prop('Attachment', 'properties.content')).toMatchObject({ contentEncoding: 'base64', maxLength: 6_666_668 });
    expect(prop('Attachment', 'properties.fileName')).toMatchObject({ maxLength: 255, pattern: expect.stringContaining('[Cc][Oo][Nn]') as string });
    expect(prop('StandardMessage', 'properties.expiryDateTime')).toMatchObject({ format: 'date-time' });
    expect(prop('GpConnectAdditionalInformation', 'properties.versionNumber')).toMatchObject({ minimum: 1 });
    expect(prop('StandardMessage', 'properties.messageId')).toMatchObject({ format: 'uuid' });
    expect(prop('SendResponse', 'properties.messageStatusEndpoint').pattern).toMatch(/^\^\/api\/v1\//);
    expect(prop('Problem', 'properties.instance').pattern).toMatch(/^\^urn:uuid:/);
    expect(schemas.ValidationProblem).toMatchObject({ allOf: [{ $ref: '#/components/schemas/Problem' }, { required: ['invalidParameters'] }] });
    expect(prop('WidgetRegistration', 'properties.encryptionSecret')).toMatchObject({ minLength: 32, maxLength: 32 });
    expect(prop('WidgetRegistration', 'properties.launchUrl').pattern).toBe('^https://(?![^/?#]*@)');
    expect(schemas.WidgetRegistration).toMatchObject({
      oneOf: [{ properties: { requiresPatientData: { const: false } } }, { properties: { requiresPatientData: { const: true }, requiresUserData: { const: true } } }],
    });
    expect(schemas.GpConnectAdditionalInformation).toMatchObject({
      oneOf: [{ properties: { versionNumber: { const: 1 }, relatesTo: false } }, { properties: { versionNumber: { minimum: 2 } }, required: ['versionNumber', 'relatesTo'] }],
    });
  });

  it('gives generated clients what they need: no default that makes a field required, no open index signatures, subStatus required', () => {
    const schemas = (committed.components as { schemas: Record<string, Record<string, unknown>> }).schemas;
    const text = JSON.stringify(committed.components);
    // A default makes openapi-typescript require the field in requests; the default is in the description.
    expect(text).not.toContain('"default":');
    expect((schemas.WidgetRegistration?.properties as Record<string, { description: string }>).encryptionMethod?.description).toMatch(/Default 'A256GCM'/);
    // `additionalProperties: {}` becomes `[key: string]: unknown`, so misspelt response fields compile.
    expect(text).not.toContain('"additionalProperties":{}');
    expect([...(schemas.GpConnectStatus?.required as string[])].sort()).toEqual(['messageId', 'status', 'subStatus', 'updated']);
    expect(text).not.toMatch(/"(?:if|then)":/);
  });

  it('closes the id types: the documented ones only', () => {
    const schemas = (committed.components as { schemas: Record<string, Record<string, unknown>> }).schemas;
    const idType = (component: string) => ((schemas[component]?.properties as Record<string, { properties: { type: unknown } }>).id?.properties.type);
    expect(idType('Recipient')).toMatchObject({ type: 'string', const: 'OcsClientIdentifier' });
    expect(idType('Subject')).toMatchObject({ type: 'string', enum: ['VerifiedNhsNumber', 'NHSNumber'] });
  });

  it('declares Retry-After on the 503, and the Content-Type the verify GET needs, in words', () => {
    const responses = (committed.components as { responses: Record<string, { headers?: Record<string, unknown> }> }).responses;
    expect(responses.Problem503?.headers?.['Retry-After']).toMatchObject({ schema: { type: 'string' } });
    const paths = committed.paths as Record<string, Record<string, { description: string }>>;
    for (const path of ['/api/v1/messages/instant/access/token', '/api/v1/messages/instant/access/token/verify']) {
      expect(paths[path]?.get?.description).toMatch(/Content-Type: application\/json/);
    }
  });

  it('says in the field descriptions what only the service checks', () => {
    const schemas = (committed.components as { schemas: Record<string, Record<string, unknown>> }).schemas;
    const prop = (component: string, path: string) =>
      path.split('.').reduce<Record<string, unknown>>((node, key) => (node[key] ?? {}) as Record<string, unknown>, schemas[component] ?? {});
    expect(prop('Subject', 'properties.id.properties.value').description).toMatch(/Checked by the service.*Modulus 11/);
    expect(prop('Attachment', 'properties.content').description).toMatch(/Checked by the service.*%PDF-.*FF D8 FF.*UTF-8/);
    expect(prop('CodedDataItem', 'properties.code').description).toMatch(/Checked by the service.*Verhoeff/);
    expect(prop('StandardMessage', 'properties.expiryDateTime').description).toMatch(/Checked by the service.*future/);
  });

  it('names its servers, tags every operation, describes each, and gives contact and licence', () => {
    const doc = committed as { servers: { description: string }[]; info: Record<string, unknown>; tags: { name: string }[]; paths: Record<string, Record<string, { tags?: string[]; description?: string }>> };
    expect(doc.servers.map((s) => s.description.split(':')[0])).toEqual(['Integration', 'Live', 'The local sandbox (`cdms sandbox`, or startSandbox() from cdms-sdk/sandbox).']);
    expect(doc.info).toMatchObject({ contact: { url: expect.stringContaining('/issues') as string }, license: { name: 'MIT', identifier: 'MIT' } });
    const tags = new Set(doc.tags.map((t) => t.name));
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        expect(op.description, `${method} ${path}`).toMatch(/\w/);
        expect(op.tags?.length, `${method} ${path}`).toBe(1);
        expect(tags.has(op.tags![0]!)).toBe(true);
      }
    }
    const responses = (committed.components as { responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> }).responses;
    expect(responses.Problem400?.content['application/problem+json']?.schema.$ref).toBe('#/components/schemas/ValidationProblem');
  });
});
