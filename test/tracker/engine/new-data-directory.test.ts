import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSource, findTemplate, installedPGlite, makeDataDirectory } from '../../../src/tracker/db/new-data-directory.js';
import { engineOptions, ENGINE_SETTINGS, openDirectoryPGlite } from '../../../src/tracker/db/pglite.js';
import { extractTemplate } from '../../../src/tracker/db/template-extract.js';

vi.setConfig({ testTimeout: 180_000 });

const scratch: string[] = [];
afterEach(async () => {
  await Promise.all(scratch.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});
const scratchDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'cdms-newdb-'));
  scratch.push(dir);
  return dir;
};

/** PostgreSQL's identifier of a cluster, set by initdb: equal in two directories only when one is a copy of the other. */
async function systemIdentifier(dataDir: string): Promise<string> {
  const db = await PGlite.create(dataDir, engineOptions(PGlite));
  try {
    const { rows } = await db.query<{ id: string }>('SELECT system_identifier::text AS id FROM pg_control_system()');
    return rows[0]!.id;
  } finally {
    await db.close();
  }
}

/** Every file and folder under `dir` with its permission bits. */
function modes(dir: string): { path: string; mode: number; directory: boolean }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).map((e) => {
    const path = join(e.parentPath, e.name);
    return { path, mode: statSync(path).mode & 0o777, directory: e.isDirectory() };
  });
}

describe('a new embedded database is made outside the tracker\'s heap', () => {
  it('the package holds a template made by the installed PGlite, and a new directory is unpacked from it', async () => {
    const pglite = installedPGlite();
    expect(pglite?.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(findTemplate(pglite!.version)).toBeDefined();
    expect(findTemplate('0.0.0-another')).toBeUndefined();
    const [a, b] = [join(scratchDir(), 'pgdata'), join(scratchDir(), 'pgdata')];
    // In a child process, from the extraction's own source text: the tracker's heap never holds the archive.
    expect(await makeDataDirectory(a)).toBe('template in a child process');
    expect(await makeDataDirectory(b, { ...defaultSource(), childProcess: false })).toBe('template in this process');
    // The holder alone reads it: it will hold messages not yet sent.
    for (const entry of modes(a)) expect(entry.mode & 0o077, entry.path).toBe(0);
    // Copies of one template share initdb's identifier; two initdb runs never do.
    expect(await systemIdentifier(a)).toBe(await systemIdentifier(b));
    expect(await makeDataDirectory(a)).toBeUndefined(); // an existing database is left as it is
  });

  it('a tracker database opened on a new directory comes from the template and runs with the ledger\'s settings', async () => {
    const directory = join(scratchDir(), 'ledger');
    const driver = await openDirectoryPGlite(directory);
    try {
      const [row] = await driver.query<{ id: string }>('SELECT system_identifier::text AS id FROM pg_control_system()');
      const fromTemplate = join(scratchDir(), 'pgdata');
      await makeDataDirectory(fromTemplate);
      expect(row?.id).toBe(await systemIdentifier(fromTemplate));
      for (const setting of ENGINE_SETTINGS) {
        const [name, value] = setting.split('=') as [string, string];
        const [shown] = await driver.query<Record<string, string>>(`SHOW ${name}`);
        expect(shown?.[name], name).toBe(value);
      }
      // PGlite's own start parameters are kept in front of the ledger's.
      const [path] = await driver.query<{ search_path: string }>('SHOW search_path');
      expect(path?.search_path).toBe('public');
    } finally {
      await driver.close();
    }
  });

  it('without a template for the installed PGlite, initdb runs in a child process and the directory is a database of its own', async () => {
    const source = { ...defaultSource(), template: undefined };
    const dataDir = join(scratchDir(), 'pgdata');
    expect(await makeDataDirectory(dataDir, source)).toBe('initdb in a child process');
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    const fromTemplate = join(scratchDir(), 'pgdata');
    await makeDataDirectory(fromTemplate);
    expect(await systemIdentifier(dataDir)).not.toBe(await systemIdentifier(fromTemplate));
    expect(readdirSync(join(dataDir, '..'))).toEqual(['pgdata']); // nothing left beside it
  });

  it('with neither, PGlite makes it itself as it opens (nothing is made beforehand)', async () => {
    const dataDir = join(scratchDir(), 'pgdata');
    expect(await makeDataDirectory(dataDir, { pglite: undefined, template: undefined, childProcess: false })).toBe('initdb in this process');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('a data directory left half made by a crash is replaced; one being built by a dead process is cleared', async () => {
    const parent = scratchDir();
    const dataDir = join(parent, 'pgdata');
    mkdirSync(join(dataDir, 'base'), { recursive: true });
    writeFileSync(join(dataDir, 'base', 'junk'), 'half written');
    mkdirSync(`${dataDir}.new-${process.pid}`);
    expect(await makeDataDirectory(dataDir)).toBe('template in a child process');
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dataDir, 'base', 'junk'))).toBe(false);
    expect(readdirSync(parent)).toEqual(['pgdata']);
  });
});

/** A tar header block for `name`, with its checksum. */
function header(name: string, size: number, type = '0'): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0, 'utf8');
  block.write('0000600\0', 100);
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  block.write('        ', 148);
  block.write(type, 156);
  block.write('ustar\u000000', 257);
  let sum = 0;
  for (const b of block) sum += b;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

/** Writes a brotli-compressed tar of `parts` (and the two zero blocks that end it); returns its path. */
function archive(...parts: Buffer[]): string {
  const file = join(scratchDir(), 'pgdata.tar.br');
  writeFileSync(file, zlib.brotliCompressSync(Buffer.concat([...parts, Buffer.alloc(1024)])));
  return file;
}

const extract = (file: string): number => extractTemplate(file, join(scratchDir(), 'out'), { fs, zlib, path });

describe('extractTemplate: only what a template holds', () => {
  it('writes files and folders, owner-only', () => {
    const target = join(scratchDir(), 'out');
    const body = Buffer.from('hello');
    const files = extractTemplate(archive(header('/base/', 0, '5'), header('/base/1', body.length), body, Buffer.alloc(512 - body.length)), target, { fs, zlib, path });
    expect(files).toBe(1);
    expect(statSync(join(target, 'base', '1')).mode & 0o777).toBe(0o600);
    expect(statSync(join(target, 'base')).mode & 0o777).toBe(0o700);
  });

  it('refuses a path that leaves the target, a link, a damaged header, and a truncated archive', () => {
    expect(() => extract(archive(header('../evil', 0)))).toThrow(/outside its directory/);
    expect(() => extract(archive(header('/a/../../evil', 0)))).toThrow(/outside its directory/);
    expect(() => extract(archive(header('/link', 0, '2')))).toThrow(/kind it should not/);
    const damaged = header('/file', 0);
    damaged[0] = 'X'.charCodeAt(0);
    expect(() => extract(archive(damaged))).toThrow(/checksum/);
    const truncated = join(scratchDir(), 'truncated.tar.br');
    writeFileSync(truncated, zlib.brotliCompressSync(header('/file', 1000)));
    expect(() => extract(truncated)).toThrow(/truncated/);
  });

  it('is self-contained: its source text runs on its own (as the child process runs it)', () => {
    const target = join(scratchDir(), 'out');
    const body = Buffer.from('from the child');
    const file = archive(header('/f', body.length), body, Buffer.alloc(512 - body.length));
    const program = `(${extractTemplate.toString()})(process.argv[1], process.argv[2], { fs: require('node:fs'), zlib: require('node:zlib'), path: require('node:path') })`;
    const run = spawnSync(process.execPath, ['-e', program, file, target], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(fs.readFileSync(join(target, 'f'), 'utf8')).toBe('from the child');
  });
});
