// The one page frame and form parts of the SDK's web pages: the console's and
// the worklist's pages are both built on them.
import { describe, expect, it } from 'vitest';
import { layout as consoleLayout } from '../../src/sandbox/console/page.js';
import { select } from '../../src/web/form-parts.js';
import { html } from '../../src/web/html.js';
import { page, type PageFrame } from '../../src/web/page.js';
import { layout as worklistLayout } from '../../src/worklist/pages/layout.js';

const FRAME: PageFrame = {
  title: 'A <b> · Site',
  htmxConfig: '{"a":"b"}',
  stylesheet: '/s.css',
  scripts: ['/one.js', '/two.js'],
  bodyAttributes: { 'data-events': '/events?x="y"' },
  headerClass: 'top',
  brand: { href: '/', text: 'Brand' },
  navigation: html`<nav></nav>`,
};

describe('the page frame', () => {
  it('escapes what it is given and loads only the scripts named, deferred, in order', () => {
    const text = page(FRAME, html`<p>content</p>`).text;
    expect(text).toMatch(/^<!doctype html>\n<html lang="en">\n<head>/);
    expect(text).toContain('<title>A &lt;b&gt; · Site</title>');
    expect(text).toContain('<meta name="htmx-config" content="{&quot;a&quot;:&quot;b&quot;}">');
    expect(text).toContain('<body data-events="/events?x=&quot;y&quot;">');
    expect([...text.matchAll(/<script src="([^"]+)" defer><\/script>/g)].map((m) => m[1])).toEqual(['/one.js', '/two.js']);
    expect(text).not.toContain('rel="icon"');
    expect(text).toContain('<header class="top"><a class="brand" href="/">Brand</a><nav></nav></header>\n<main id="main">\n<p>content</p>\n</main>');
    expect(page({ ...FRAME, icon: '/i.svg', scripts: [], bodyAttributes: {} }, html``).text).toMatch(/<link rel="icon" href="\/i.svg" type="image\/svg\+xml">\n<link rel="stylesheet" href="\/s.css">\n<\/head>\n<body>\n/);
  });

  it('frames the console and the worklist alike: the same head, skip link and main region', () => {
    const opening = (text: string) => text.slice(0, text.indexOf('<title>'));
    const console = consoleLayout('Inbox', 'inbox', html`<p>c</p>`).text;
    const worklist = worklistLayout({ title: 'Worklist', base: '/w', person: null, current: 'none', timeZone: 'Europe/London' }, 'Sign in', html`<p>w</p>`).text;
    expect(opening(console)).toBe(opening(worklist));
    for (const text of [console, worklist]) expect(text).toContain('<a class="skip-link" href="#main">Skip to the content</a>');
  });
});

describe('the form parts', () => {
  it('a select offers "All" first and marks the current value, escaping every text', () => {
    const text = select('route', 'Route <x>', 'b', [['a', 'A'], ['b', 'B & C']]).text;
    expect(text).toBe('<label>Route &lt;x&gt;<select name="route">\n<option value="">All</option>\n<option value="a">A</option><option value="b" selected>B &amp; C</option>\n</select></label>');
  });
});
