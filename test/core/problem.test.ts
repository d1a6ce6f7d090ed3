import { describe, expect, it } from 'vitest';
import { parseErrorBody, pointerToPath } from '../../src/core/problem.js';

const parse = (body: unknown, secrets: string[] = []) => parseErrorBody(JSON.stringify(body), secrets).problem;

describe('problem', () => {
  it('reads the spec shape', () => {
    const body = {
      type: 'https://cdms.example/problems/validation',
      title: 'Request Validation Error',
      status: 400,
      instance: 'urn:uuid:3b0f7c1e-8a2d-4f5e-9c6b-1d2e3f4a5b6c',
      invalidParameters: [{ name: 'topic', reason: 'unknown topic', value: 'Nope' }],
    };
    expect(parse(body)).toEqual(body);
  });

  it('ignores wrong-typed members and keeps unknown ones (RFC 9457 3.1, 3.2)', () => {
    expect(parse({ title: 42, status: '400', detail: ['x'], instance: null, traceId: 'abc' })).toEqual({ traceId: 'abc' });
  });

  it('reads RFC 9457 errors with JSON pointers', () => {
    const problem = parse({ errors: [{ detail: 'must be a valid Windows file name', pointer: '#/attachments/1/fileName' }] });
    expect(problem?.invalidParameters).toEqual([{ name: 'attachments[1].fileName', reason: 'must be a valid Windows file name' }]);
  });

  it('reads an ASP.NET errors dictionary', () => {
    const problem = parse({ title: 'One or more validation errors occurred.', errors: { Topic: ['Unknown topic.', 'Too long.'], '$.body': ['bad'] } });
    expect(problem?.invalidParameters).toEqual([
      { name: 'Topic', reason: 'Unknown topic.' },
      { name: 'Topic', reason: 'Too long.' },
      { name: 'body', reason: 'bad' },
    ]);
  });

  it('reads invalid-params and invalid_params (RFC 7807 and its erratum)', () => {
    expect(parse({ 'invalid-params': [{ name: 'a', reason: 'r' }] })?.invalidParameters).toEqual([{ name: 'a', reason: 'r' }]);
    expect(parse({ invalid_params: [{ name: 'b', reason: 'r' }] })?.invalidParameters).toEqual([{ name: 'b', reason: 'r' }]);
  });

  it('skips malformed parameter entries', () => {
    expect(parse({ invalidParameters: [null, 7, { reason: 'no name' }, { name: 'ok' }] })?.invalidParameters).toEqual([
      { name: 'ok', reason: 'invalid' },
    ]);
  });

  it('drops values of patient fields and keeps safe ones', () => {
    const problem = parse({
      invalidParameters: [
        { name: 'subject.id.value', reason: 'bad', value: '9434765919' },
        { name: 'gpConnectAdditionalInformation.patient.dateOfBirth', reason: 'bad', value: '1953-07-14' },
        { name: 'attachments[0].fileName', reason: 'bad', value: 'Smith-John.pdf' },
        { name: 'body.mimeType', reason: 'bad', value: 'text/rtf' },
      ],
    });
    expect(problem?.invalidParameters).toEqual([
      { name: 'subject.id.value', reason: 'bad' },
      { name: 'gpConnectAdditionalInformation.patient.dateOfBirth', reason: 'bad' },
      { name: 'attachments[0].fileName', reason: 'bad' },
      { name: 'body.mimeType', reason: 'bad', value: 'text/rtf' },
    ]);
  });

  it('redacts secrets and NHS-number-like runs in every string, extensions included', () => {
    const problem = parse(
      { title: 'Key SECRET-1 rejected', detail: 'Patient 943 476 5919 Smith', ext: { nested: ['SECRET-1'] } },
      ['SECRET-1', 'Smith'],
    );
    expect(JSON.stringify(problem)).not.toMatch(/SECRET-1|943 476 5919|Smith/);
  });

  it('drops __proto__ and constructor keys (no prototype pollution)', () => {
    const problem = parseErrorBody('{"title":"x","__proto__":{"polluted":true},"constructor":{"prototype":{"p":1}}}', []).problem;
    expect(problem).toEqual({ title: 'x' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(problem)).toBe(Object.prototype);
  });

  it('gives an excerpt, not a problem, for non-objects', () => {
    expect(parseErrorBody('[1,2]', [])).toEqual({ problem: undefined, excerpt: '[1,2]' });
    expect(parseErrorBody('', [])).toEqual({ problem: undefined, excerpt: undefined });
  });

  it.each([
    ['#/a/0/b', 'a[0].b'],
    ['/topic', 'topic'],
    ['#/a~1b/c~0d', 'a/b.c~d'],
    ['#', ''],
  ])('pointerToPath(%s) = %s', (pointer, path) => {
    expect(pointerToPath(pointer)).toBe(path);
  });
});
