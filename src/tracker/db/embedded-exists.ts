// Whether a ledger directory holds an embedded database, for readers that
// must never create one. A file of its own: the tracker's entry does not use
// it, and its file-system import would otherwise be left unused in that bundle.
import { access } from 'node:fs/promises';
import { ledgerFileOf } from './sqlite/open.js';

/** Whether `directory` holds an embedded database (without opening or creating one). */
export async function embeddedDatabaseExists(directory: string): Promise<boolean> {
  return access(ledgerFileOf(directory)).then(
    () => true,
    () => false,
  );
}
