// Reads every file under a directory for planted values, in every form a
// database may store them: the text itself (UTF-8, UTF-16), base64 at each of
// its three alignments (attachment content is base64 in the message), hex;
// and for raw bytes (a key), the bytes, hex and base64.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every form of `value` to look for; base64 forms are cut to the part that does not depend on the bytes around it. */
export function formsOf(value: string | Buffer): Buffer[] {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  const forms = [bytes, Buffer.from(bytes.toString('hex')), Buffer.from(bytes.toString('hex').toUpperCase())];
  if (typeof value === 'string') forms.push(Buffer.from(value, 'utf16le'));
  for (let shift = 0; shift < 3; shift++) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
    const stable = encoded.slice(shift === 0 ? 0 : 4, Math.floor((shift + bytes.length) / 3) * 4);
    if (stable.length >= 8) forms.push(Buffer.from(stable));
  }
  return forms;
}

/** Every regular file under `root`. */
export function filesUnder(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).flatMap((e) => {
    const path = join(root, e.name);
    return e.isDirectory() ? filesUnder(path) : e.isFile() ? [path] : [];
  });
}

/** For each label whose value is found in some form, the files it was found in (relative to `root`). */
export function scanFiles(root: string, values: Record<string, string | Buffer>): Record<string, string[]> {
  const needles = Object.entries(values).map(([label, value]) => ({ label, forms: formsOf(value) }));
  const found: Record<string, string[]> = {};
  for (const file of filesUnder(root)) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch (error) {
      // A running server removes temporary files as it goes: gone is as good as clean.
      if ((error as { code?: unknown }).code === 'ENOENT') continue;
      throw error;
    }
    for (const { label, forms } of needles) {
      if (forms.some((f) => bytes.includes(f))) (found[label] ??= []).push(file.slice(root.length + 1));
    }
  }
  return found;
}
