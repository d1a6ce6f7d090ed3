// The one table of the sandbox's own paths: every path in it is served, and
// the console's pages point only at paths in it.
import { describe, expect, it } from 'vitest';
import { CONSOLE_PATHS, CONTROL_PATHS, controlPath } from '../../src/sandbox/control/paths.js';
import { raw, standardBody, useSandbox } from './support.js';

const ctx = useSandbox();

const PARAMS = { messageId: crypto.randomUUID(), index: 0, name: 'console.js' };

describe('control paths (one table)', () => {
  it.each([...Object.entries(CONTROL_PATHS), ...Object.entries(CONSOLE_PATHS)])('%s (%s) is served', async (_key, template) => {
    // No route takes DELETE: a served path answers 405 with the methods it takes, an unknown one 404.
    const r = await raw(ctx.sandbox, 'DELETE', controlPath(template, PARAMS), { apiKey: null });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toMatch(/GET|POST|PUT/);
  });

  it('fills parameters percent-encoded, and refuses a template whose parameter is missing', () => {
    expect(controlPath(CONTROL_PATHS.attachment, { messageId: 'a/b c', index: 2 })).toBe('/_sandbox/messages/a%2Fb%20c/attachments/2');
    expect(controlPath(CONSOLE_PATHS.inbox, {})).toBe('/_sandbox/console');
    expect(() => controlPath(CONSOLE_PATHS.message, {})).toThrow(/messageId/);
  });

  it("the console's pages link, post and listen only to paths of the table", async () => {
    const id = String(standardBody().messageId);
    expect((await raw(ctx.sandbox, 'POST', '/api/v1/messages', { body: standardBody({ messageId: id }) })).status).toBe(200);
    const templates = [...Object.values(CONTROL_PATHS), ...Object.values(CONSOLE_PATHS)].map(
      (t) => new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/?]+')}(\\?.*)?$`),
    );
    const pages = [CONSOLE_PATHS.inbox, controlPath(CONSOLE_PATHS.message, { messageId: id }), CONSOLE_PATHS.requests, CONSOLE_PATHS.toolbar, CONSOLE_PATHS.widgets, CONSOLE_PATHS.faults];
    const seen = new Set<string>();
    for (const page of pages) {
      const { text, status } = await raw(ctx.sandbox, 'GET', page, { apiKey: null });
      expect(status).toBe(200);
      for (const m of text.matchAll(/(?:href|src|action|hx-get|hx-post|hx-put|data-events)="(\/_sandbox[^"]*)"/g)) seen.add(m[1]!.replace(/&amp;/g, '&'));
    }
    expect(seen).toContain(CONTROL_PATHS.events);
    expect(seen).toContain(CONTROL_PATHS.toolbarImport);
    expect([...seen].filter((path) => !templates.some((t) => t.test(path)))).toEqual([]);
  });
});
