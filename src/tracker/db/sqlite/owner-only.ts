// The embedded ledger holds unsent documents: its directory is its owner's
// alone (0700) and so is each of its files (0600). SQLite gives the WAL and
// shared-memory files the database file's mode, so the files it makes later
// follow the ones made here.
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';

/** Makes `directory` (and its parents) if needed, and leaves it 0700. */
export function ownerOnlyDirectory(directory: string): void {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  chmodSync(directory, 0o700);
}

/** Makes `path` an empty file if it is missing, and leaves it 0600. */
export function ownerOnlyFile(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
}
