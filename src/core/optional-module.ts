// Optional peer dependencies (the tracker's engines, an app needs one, not
// both; the PDF text library of the wrong-patient check) are loaded only
// when used, so loading one that is missing is a set-up mistake with a
// one-line fix, and is said as such.
import { ConfigurationError } from './errors/cdms-error.js';

/**
 * Loads an optional peer dependency. It is not installed with cdms-sdk, so a
 * missing one is a set-up problem with a one-line fix, said as such.
 *
 * @param install - What to install, when it is more than the name (a version range).
 */
export async function loadOptionalModule<T>(name: string, purpose: string, load: () => Promise<T>, install = name): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isModuleNotFound(error, name)) {
      throw new ConfigurationError(`${purpose} needs the package '${name}', which is not installed. Run: npm install ${install}`);
    }
    throw error;
  }
}

function isModuleNotFound(error: unknown, name: string): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && error.message.includes(name);
}
