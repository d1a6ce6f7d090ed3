// The tracker's one door for the SDK's own tools (the `cdms` command): the
// public cdms-sdk/tracker, plus what a tool needs that an app does not (the
// read-only opener, the default database and schema, how a PostgreSQL URL is
// told from a directory, and the error for an embedded database another
// process holds). Not exported from the package. Tools import the tracker
// from here and nowhere else (a lint rule keeps it so), so the tracker's
// inside can move without touching them.
export * from './index.js';
export { openReadOnlyTracker, type ReadOnlyTracker, type ReadOnlyTrackerOptions } from './api/read-only-tracker.js';
export { DEFAULT_DATABASE, DEFAULT_SCHEMA } from './api/options.js';
export { isPostgresUrl } from './db/open.js';
export { DatabaseInUseError, type Holder } from './db/in-use-error.js';
export type { PurgeResult } from './work/purge.js';
export type { PurgePreview } from './work/purge-preview.js';
