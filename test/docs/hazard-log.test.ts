import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const log = readFileSync(new URL('docs/clinical-safety.md', root), 'utf8');
/** Every "`test/file` › `name`" reference in the log. */
const references = [...log.matchAll(/`(test\/[^`]+)` › `([^`]+)`/g)].map((m) => [m[1]!, m[2]!] as const);

describe('hazard log', () => {
  it('lists at least 12 hazards, each with cause, effect, control and tests', () => {
    const hazards = log.split(/^## H\d\d /m).slice(1);
    expect(hazards.length).toBeGreaterThanOrEqual(12);
    for (const hazard of hazards) {
      for (const part of ['**Cause**', '**Effect**', '**Control**', '**Tests**']) expect(hazard).toContain(part);
      expect(hazard).toMatch(/`test\/[^`]+` › `[^`]+`/);
    }
  });

  it.each(references)('%s holds the test "%s"', (file, name) => {
    const url = new URL(file, root);
    expect(existsSync(url), `${file} does not exist`).toBe(true);
    expect(readFileSync(url, 'utf8')).toContain(name);
  });
});
