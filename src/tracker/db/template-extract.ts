// Unpacks the embedded database's template (a tar archive of a fresh
// PostgreSQL data directory, brotli-compressed) into a directory. It runs in a
// short-lived child process, from its own source text: the decompressor's
// buffers and the 40 MB of files pass through the child's memory, never the
// tracker's (in the tracker's process they left about 30 MB behind for good).
// So the function is self-contained: it uses nothing but its arguments (no
// import, no constant or helper of this module), and is written in plain
// JavaScript a transpiler leaves as it is. Only what the template holds is
// read (ustar regular files and directories); anything else, or a path that
// would leave the target, is refused.

import type * as NodeFs from 'node:fs';
import type * as NodePath from 'node:path';
import type * as NodeZlib from 'node:zlib';

/** The Node modules the extraction uses, passed in so that its source runs anywhere (these imports are types only). */
export interface ExtractModules {
  fs: Pick<typeof NodeFs, 'readFileSync' | 'mkdirSync' | 'writeFileSync'>;
  zlib: Pick<typeof NodeZlib, 'brotliDecompressSync'>;
  path: Pick<typeof NodePath, 'join' | 'normalize' | 'sep' | 'dirname'>;
}

/**
 * Writes the archive at `archive` under `target` (created if missing):
 * folders and files readable by their owner only. Returns the number of files.
 * Self-contained (see the top of this file): it is also run as the source
 * text of a child process.
 *
 * @throws Error when the archive is damaged, truncated, or holds anything but files and folders inside the target.
 */
export function extractTemplate(archive: string, target: string, node: ExtractModules): number {
  const { fs, zlib, path } = node;
  const tar = zlib.brotliDecompressSync(fs.readFileSync(archive));
  const field = (at: number, length: number): string => tar.subarray(at, at + length).toString('utf8').replace(/\0.*$/s, '');
  const octal = (at: number, length: number): number => parseInt(field(at, length).trim() || '0', 8);
  fs.mkdirSync(target, { recursive: true, mode: 0o700 });
  let files = 0;
  for (let at = 0; ; ) {
    if (at + 512 > tar.length) throw new Error('The database template is truncated.');
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) return files;
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] ?? 0);
    if (sum !== octal(at + 148, 8)) throw new Error('The database template is damaged (a header checksum does not match).');
    const prefix = field(at + 345, 155);
    const name = field(at, 100);
    const type = String.fromCharCode(header[156] ?? 0);
    const size = octal(at + 124, 12);
    const relative = path.normalize((prefix ? `${prefix}/${name}` : name).replace(/^\/+/, ''));
    if (relative === '.' || relative === '' || relative === '..' || relative.startsWith(`..${path.sep}`)) {
      throw new Error('The database template holds a path outside its directory.');
    }
    const place = path.join(target, relative);
    at += 512;
    if (type === '5') {
      fs.mkdirSync(place, { recursive: true, mode: 0o700 });
    } else if (type === '0' || type === '\0') {
      if (at + size > tar.length) throw new Error('The database template is truncated.');
      fs.mkdirSync(path.dirname(place), { recursive: true, mode: 0o700 });
      fs.writeFileSync(place, tar.subarray(at, at + size), { mode: 0o600, flag: 'wx' });
      files++;
      at += Math.ceil(size / 512) * 512;
    } else {
      throw new Error(`The database template holds an entry of a kind it should not (tar type "${type}").`);
    }
  }
}
