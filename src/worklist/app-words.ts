// What the app says of a message and its people, in its own words: its own
// reference for the document, the practice's name and telephone number, a
// person's name for the id the audit keeps (decision D-WORKLIST-10). Each
// hook is the app's code: one that throws, or returns something unusable,
// leaves the page with the ledger's own words (messageId, ODS code, id) and
// a warning in the log, never a failed page.
import type { TrackedMessageSummary } from '../tracker/index.js';
import type { WorklistConfig, WorklistPerson, WorklistPractice } from './options.js';

/** A text the app gave, trimmed and bounded, or undefined for nothing usable. */
function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, max);
}

function warn(config: WorklistConfig, hook: string, error: unknown): void {
  config.logger.warn(
    { event: 'worklist.app-lookup-failed', hook, error: error instanceof Error ? error.name : typeof error },
    `cdms worklist: the app's ${hook} lookup failed; the page shows the ledger's own words`,
  );
}

/** The app's reference for a message's document, or undefined (the messageId is shown). */
export function referenceOf(config: WorklistConfig, message: TrackedMessageSummary): string | undefined {
  if (!config.reference) return undefined;
  try {
    return text(config.reference(message), 200);
  } catch (error) {
    warn(config, 'reference', error);
    return undefined;
  }
}

/** The practice as the app knows it, or null (the ODS code is shown, with a line saying the number is not known here). */
export async function practiceOf(config: WorklistConfig, message: TrackedMessageSummary): Promise<WorklistPractice | null> {
  if (!config.practice) return null;
  try {
    const found = await config.practice(message);
    const name = text(found?.name, 200);
    return name === undefined ? null : { name, phone: text(found?.phone, 50) };
  } catch (error) {
    warn(config, 'practice', error);
    return null;
  }
}

/**
 * The names of the people an audit page names, by id: the signed-in person's
 * from `authorize`, every other from the app's `personName` (asked once per id).
 */
export async function namesOf(config: WorklistConfig, ids: readonly (string | null)[], person: WorklistPerson): Promise<ReadonlyMap<string, string>> {
  const names = new Map<string, string>();
  if (person.name) names.set(person.id, person.name);
  const lookup = config.personName;
  if (!lookup) return names;
  const unknown = [...new Set(ids.filter((id): id is string => id !== null && !names.has(id)))];
  await Promise.all(
    unknown.map(async (id) => {
      try {
        const name = text(await lookup(id), 200);
        if (name !== undefined) names.set(id, name);
      } catch (error) {
        warn(config, 'personName', error);
      }
    }),
  );
  return names;
}
