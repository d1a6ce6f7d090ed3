// The one parse of a typed address, shared by the client's base URL and the
// CLI's sandbox URL.
import { describe, expect, it } from 'vitest';
import { absoluteUrl, isHttpUrl } from '../../src/internal/absolute-url.js';

describe('absoluteUrl', () => {
  it('reads an absolute URL, and nothing else', () => {
    expect(absoluteUrl('http://127.0.0.1:4010')?.origin).toBe('http://127.0.0.1:4010');
    for (const value of ['', '127.0.0.1:4010/x', '/api/v1', 'not a url']) expect(absoluteUrl(value), value).toBeUndefined();
  });

  it('tells http(s) from other schemes', () => {
    expect(['https://h/', 'http://h/', 'ftp://h/', 'file:///x'].map((v) => isHttpUrl(absoluteUrl(v)!))).toEqual([true, true, false, false]);
  });
});
