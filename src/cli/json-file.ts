// Reading a JSON file named by a flag. Neither the path nor the parser's
// message is echoed: a path can name a patient, and V8's message quotes the
// text around the error, which can be patient data.
import { readFile } from 'node:fs/promises';
import { UsageError } from './errors.js';
import { isRecord } from '../internal/is-record.js';


/** The system error code of a failed read (ENOENT, EACCES...), if it has a plain one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,32}$/.test(code) ? code : undefined;
}

/**
 * Reads a file that must hold one JSON object.
 *
 * @param path - The file.
 * @param what - How to name it in errors (`the --json-file file`).
 * @throws UsageError when the file cannot be read, is not JSON, or is not an object.
 */
export async function readJsonObject(path: string, what: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = errorCode(error);
    throw new UsageError(`Could not read ${what}${code ? ` (${code})` : ''}; check the path and permissions.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new UsageError(`${capitalise(what)} is not valid JSON.`);
  }
  if (!isRecord(value)) throw new UsageError(`${capitalise(what)} must hold a JSON object ({ ... }).`);
  return value;
}

/** Reads a file holding one secret value (an access token), trimmed. */
export async function readSecretFile(path: string, what: string): Promise<string> {
  try {
    const value = (await readFile(path, 'utf8')).trim();
    if (!value) throw new UsageError(`${capitalise(what)} is empty.`);
    return value;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = errorCode(error);
    throw new UsageError(`Could not read ${what}${code ? ` (${code})` : ''}; check the path and permissions.`);
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
