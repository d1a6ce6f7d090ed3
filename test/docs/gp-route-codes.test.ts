// The GP route guide's table of codes is the catalogue, row for row: a code
// added, dropped or reworded in one and not the other fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GP_ROUTE_CODES } from '../../src/index.js';

const guide = readFileSync(new URL('../../docs/gp-route.md', import.meta.url), 'utf8');
const SOURCE = { service: 'service', mesh: 'MESH', 'itk-infrastructure': 'ITK3 infrastructure', 'itk-business': 'ITK3 business' } as const;

/** The rows of the table under "Codes and what to do", as cells. */
function tableRows(): string[][] {
  const section = guide.slice(guide.indexOf('## Codes and what to do'), guide.indexOf('## When a document has failed'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.slice(1, -1).split(' | ').map((cell) => cell.trim()));
}

describe('docs/gp-route.md: the table of codes', () => {
  it('has one row per catalogue code, in its order, with its display, source, outcome, meaning and action', () => {
    const expected = GP_ROUTE_CODES.map((c) => [`\`${c.code}\``, c.display, SOURCE[c.source], `${c.outcome}${c.final ? ', final' : ''}`, c.meaning, c.action]);
    expect(tableRows()).toEqual(expected);
  });
});
