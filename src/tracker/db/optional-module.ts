// The engines' packages are optional peer dependencies (an app needs one,
// not both), so loading one that is missing is a set-up mistake with a
// one-line fix, and is said as such.
import { ConfigurationError } from '../../core/errors/cdms-error.js';

/**
 * Loads one of the tracker's optional peer dependencies. They are not
 * installed with cdms-sdk (most senders need one engine, not both), so a
 * missing one is a set-up problem with a one-line fix, said as such.
 */
export async function loadOptionalModule<T>(name: string, purpose: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isModuleNotFound(error, name)) {
      throw new ConfigurationError(`${purpose} needs the package '${name}', which is not installed. Run: npm install ${name}`);
    }
    throw error;
  }
}

function isModuleNotFound(error: unknown, name: string): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && error.message.includes(name);
}
