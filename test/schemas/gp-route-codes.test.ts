import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GP_ROUTE_CODES, formatGpRouteSubStatus, parseGpRouteSubStatus, type GpRouteCode } from '../../src/index.js';

const byCode = (code: string): GpRouteCode => {
  const entry = GP_ROUTE_CODES.find((c) => c.code === code);
  if (!entry) throw new Error(`no ${code} in the catalogue`);
  return entry;
};

describe('GP_ROUTE_CODES', () => {
  it('holds every code the published material names for the route, once each', () => {
    const codes = GP_ROUTE_CODES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    const itk = [
      ...Array.from({ length: 10 }, (_, i) => String(10001 + i)),
      ...Array.from({ length: 15 }, (_, i) => String(20001 + i)),
      '30001',
      '30002',
      '30003',
      '30004',
    ];
    const mesh = ['EPL-150', 'EPL-151', 'EPL-152', 'EPL-153', 'EPL-154', '02', '06', '07', '08', '11', '12', '14', '15', '16', '17'];
    expect([...codes].sort()).toEqual(['Sent to MESH', ...itk, ...mesh].sort());
  });

  it('marks only the pending steps as not final: Sent to MESH and 20013', () => {
    expect(GP_ROUTE_CODES.filter((c) => !c.final).map((c) => c.code)).toEqual(['Sent to MESH', '20013']);
    expect(GP_ROUTE_CODES.filter((c) => c.outcome === 'positive').map((c) => c.code)).toEqual(['30001', '30004']);
  });

  it('gives every code a meaning and an action, and never a blank one', () => {
    for (const c of GP_ROUTE_CODES) {
      expect(c.meaning.length, c.code).toBeGreaterThan(20);
      expect(c.action.length, c.code).toBeGreaterThan(10);
    }
  });

  it('sorts codes by source: prefix 1 and 2 infrastructure, prefix 3 business, EPL and two digits MESH', () => {
    expect(byCode('20013').source).toBe('itk-infrastructure');
    expect(byCode('10006').source).toBe('itk-infrastructure');
    expect(byCode('30003').source).toBe('itk-business');
    expect(byCode('EPL-154').source).toBe('mesh');
    expect(byCode('14').source).toBe('mesh');
    expect(byCode('Sent to MESH').source).toBe('service');
  });
});

describe('parseGpRouteSubStatus', () => {
  it.each(GP_ROUTE_CODES.map((c) => [c.code, c] as const))('round-trips %s through the spec shape', (_code, entry) => {
    const read = parseGpRouteSubStatus(formatGpRouteSubStatus(entry));
    expect(read).toEqual({
      code: entry.code,
      display: entry.display,
      source: entry.source,
      outcome: entry.outcome,
      final: entry.final,
      known: true,
      meaning: entry.meaning,
      action: entry.action,
    });
  });

  it.each([
    ['20013 - Success', '20013', 'Success'],
    ['20013-Success', '20013', 'Success'],
    ['20013 Success', '20013', 'Success'],
    ['20013', '20013', 'Success'],
    ['  30002-Patient not known here ', '30002', 'Patient not known here'],
    ['30002 \u2013 Patient not known here', '30002', 'Patient not known here'],
    ['30002: Patient not known here', '30002', 'Patient not known here'],
    ['EPL-153-ERROR_NHSNUMBER_NOT_FOUND', 'EPL-153', 'ERROR_NHSNUMBER_NOT_FOUND'],
    ['epl-153 - NHS Number not found', 'EPL-153', 'NHS Number not found'],
    ['EPL153-ERROR_NHSNUMBER_NOT_FOUND', 'EPL-153', 'ERROR_NHSNUMBER_NOT_FOUND'],
    ['14-Message not collected by recipient after 5 days', '14', 'Message not collected by recipient after 5 days'],
    ['sent to mesh', 'Sent to MESH', 'sent to mesh'],
  ])('reads %j as code %s', (text, code, display) => {
    const read = parseGpRouteSubStatus(text);
    expect(read).toMatchObject({ code, display, known: true });
    expect(read.action).toBe(byCode(code).action);
  });

  it('reads an unknown ITK3 code as final, not known, with a safe action, keeping the text', () => {
    const read = parseGpRouteSubStatus('20099-Something new');
    expect(read).toMatchObject({ code: '20099', display: 'Something new', source: 'itk-infrastructure', outcome: 'unknown', final: true, known: false });
    expect(read.action).toMatch(/not filed/);
    expect(parseGpRouteSubStatus('30005 - Referral open')).toMatchObject({ code: '30005', source: 'itk-business', known: false });
    expect(parseGpRouteSubStatus('EPL-199')).toMatchObject({ code: 'EPL-199', display: null, source: 'mesh', known: false, final: true });
    expect(parseGpRouteSubStatus('99-odd')).toMatchObject({ code: '99', source: 'mesh', known: false });
  });

  it("reads text that is no code as the service's own, not final, and never throws", () => {
    expect(parseGpRouteSubStatus('Queued for routing')).toMatchObject({ code: 'Queued for routing', source: 'service', final: false, known: false });
    expect(parseGpRouteSubStatus('123456-long')).toMatchObject({ source: 'service', known: false });
    for (const empty of [null, undefined, '', '   ']) {
      expect(parseGpRouteSubStatus(empty)).toMatchObject({ code: null, display: null, source: 'service', final: false, known: false });
    }
    expect(parseGpRouteSubStatus(null).action).toMatch(/EXPIRED/);
  });

  it('formats 20013 and Sent to MESH the way the spec spells them', () => {
    expect(formatGpRouteSubStatus(byCode('20013'))).toBe('20013 - Success');
    expect(formatGpRouteSubStatus(byCode('Sent to MESH'))).toBe('Sent to MESH');
    expect(formatGpRouteSubStatus(byCode('EPL-153'))).toBe('EPL-153-ERROR_NHSNUMBER_NOT_FOUND');
  });

  it.each([
    ['20013 30002-Patient not known here', '30002', 'Patient not known here', 'negative'],
    ['20013\n30002', '30002', 'Patient not known here', 'negative'],
    ['20013 - Success\n30001 - Patient known here', '30001', 'Patient known here', 'positive'],
    ['Sent to MESH; 14-Undelivered message', '14', 'Undelivered message', 'negative'],
    ['30002-Patient not known here\n20013 - Success', '30002', 'Patient not known here', 'negative'],
  ])('reads every code of %j, the final one deciding (%s)', (text, code, display, outcome) => {
    expect(parseGpRouteSubStatus(text)).toMatchObject({ code, display, outcome, final: true, known: true });
  });

  it.each(['12 hours late', 'Delayed 12 hours', 'Retry in 14 days', '02 attempts so far'])('reads the numbers in the free text %j as no code', (text) => {
    expect(parseGpRouteSubStatus(text)).toMatchObject({ code: text, source: 'service', final: false, known: false });
  });

  it('a number inside the display of a code is not a second code', () => {
    expect(parseGpRouteSubStatus('14-Message not collected after 5 days, 12 hours late')).toMatchObject({ code: '14', known: true });
    expect(parseGpRouteSubStatus('20013 - Success after 12 hours')).toMatchObject({ code: '20013', final: false, display: 'Success after 12 hours' });
  });

  it('property: codes joined by spaces or lines are all read; the last final one decides, else the last', () => {
    const entries = GP_ROUTE_CODES.filter((c) => c.source !== 'service');
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...entries), { minLength: 1, maxLength: 4 }), fc.constantFrom(' ', '\n', '; '), fc.boolean(), (codes, joint, spelled) => {
        const text = codes.map((c) => (spelled ? formatGpRouteSubStatus(c) : c.code)).join(joint);
        const decisive = codes.findLast((c) => c.final) ?? codes.at(-1)!;
        expect(parseGpRouteSubStatus(text)).toMatchObject({ code: decisive.code, final: decisive.final, outcome: decisive.outcome });
      }),
    );
  });

  it('property: a number inside free text is never read as a code', () => {
    const word = fc.stringMatching(/^[a-z]{2,10}$/);
    fc.assert(
      fc.property(word, fc.integer({ min: 0, max: 99_999 }), word, (before, n, after) => {
        const text = `${before} ${n} ${after}`;
        expect(parseGpRouteSubStatus(text)).toMatchObject({ code: text, source: 'service', known: false, final: false });
      }),
    );
  });
});
