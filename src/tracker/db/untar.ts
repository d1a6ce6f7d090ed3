// Unpacks a tar stream into a directory, a piece at a time: the embedded
// database's template (a fresh PostgreSQL data directory, about 40 MB) is
// written to disk without ever being held in memory whole. Only what the
// template holds is read (ustar regular files and directories); anything else,
// or a path that would leave the target, is refused.
import { mkdir, open } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';

const BLOCK = 512;
/** The most of a file held in memory at once while it is written. */
const PIECE = 1024 * 1024;

/** Reads exact byte counts (or whatever is buffered, up to a count) from a stream of chunks. */
class ByteReader {
  readonly #chunks: AsyncIterator<Buffer>;
  #buffered: Buffer = Buffer.alloc(0);

  constructor(source: AsyncIterable<Buffer>) {
    this.#chunks = source[Symbol.asyncIterator]();
  }

  /** At least one byte and at most `max`, or undefined at the end of the stream. */
  async upTo(max: number): Promise<Buffer | undefined> {
    if (this.#buffered.length === 0) {
      const next = await this.#chunks.next();
      if (next.done) return undefined;
      this.#buffered = next.value;
    }
    const piece = this.#buffered.subarray(0, max);
    this.#buffered = this.#buffered.subarray(piece.length);
    return piece;
  }

  /** Exactly `count` bytes. @throws Error when the stream ends first. */
  async exactly(count: number): Promise<Buffer> {
    const pieces: Buffer[] = [];
    let have = 0;
    while (have < count) {
      const piece = await this.upTo(count - have);
      if (!piece) throw new Error('The database template is truncated.');
      pieces.push(piece);
      have += piece.length;
    }
    return pieces.length === 1 ? (pieces[0] ?? Buffer.alloc(0)) : Buffer.concat(pieces);
  }
}

interface Entry {
  path: string;
  kind: 'file' | 'directory';
  size: number;
}

const text = (header: Buffer, from: number, length: number): string => header.subarray(from, from + length).toString('utf8').replace(/\0.*$/s, '');
const octal = (header: Buffer, from: number, length: number): number => parseInt(text(header, from, length).trim() || '0', 8);

/** One header block as an entry; undefined for the zero block that ends the archive. */
function parseHeader(header: Buffer): Entry | undefined {
  if (header.every((b) => b === 0)) return undefined;
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] ?? 0);
  if (sum !== octal(header, 148, 8)) throw new Error('The database template is damaged (a header checksum does not match).');
  const prefix = text(header, 345, 155);
  const name = text(header, 0, 100);
  const type = String.fromCharCode(header[156] ?? 0);
  const kind = type === '0' || type === '\0' ? 'file' : type === '5' ? 'directory' : undefined;
  if (!kind) throw new Error(`The database template holds an entry of a kind it should not (tar type "${type}").`);
  return { path: prefix ? `${prefix}/${name}` : name, kind, size: octal(header, 124, 12) };
}

/** The entry's place under `target`. @throws Error for a path that would leave it. */
function placeOf(target: string, path: string): string {
  const relative = normalize(path.replace(/^\/+/, ''));
  if (relative === '.' || relative === '' || relative.startsWith(`..${sep}`) || relative === '..') {
    throw new Error('The database template holds a path outside its directory.');
  }
  return join(target, relative);
}

/**
 * Writes the tar archive read from `source` under `target` (created if
 * missing): directories readable by their owner only, files likewise. Returns
 * the number of files written.
 */
export async function untar(source: AsyncIterable<Buffer>, target: string): Promise<number> {
  const reader = new ByteReader(source);
  await mkdir(target, { recursive: true, mode: 0o700 });
  let files = 0;
  for (;;) {
    const entry = parseHeader(await reader.exactly(BLOCK));
    if (!entry) return files;
    const place = placeOf(target, entry.path);
    if (entry.kind === 'directory') {
      await mkdir(place, { recursive: true, mode: 0o700 });
      continue;
    }
    await mkdir(join(place, '..'), { recursive: true, mode: 0o700 });
    const handle = await open(place, 'wx', 0o600);
    try {
      for (let left = entry.size; left > 0; ) {
        const piece = await reader.upTo(Math.min(left, PIECE));
        if (!piece) throw new Error('The database template is truncated.');
        for (let done = 0; done < piece.length; ) done += (await handle.write(piece, done)).bytesWritten;
        left -= piece.length;
      }
    } finally {
      await handle.close();
    }
    files++;
    const padding = (BLOCK - (entry.size % BLOCK)) % BLOCK;
    if (padding > 0) await reader.exactly(padding);
  }
}
