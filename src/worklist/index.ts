// cdms-sdk/worklist: the web worklist over the tracker's ledger. Re-exports only.
//
// The layout, for a maintainer: create-worklist.ts makes the Worklist;
// handler.ts routes each request (the person first, then the page or the
// action); node-adapter.ts adapts node:http to the Fetch API it is written
// on; queue.ts, audit-view.ts and live.ts read the ledger; actions.ts acts;
// pages/ renders (with the shared pieces of src/web); reasons.ts and
// status-words.ts are what staff read about each reason and status.

/**
 * The worklist: server-rendered pages where the people who act on failed
 * documents (clinical administrators, duty managers) see what needs them,
 * act on it, and leave an audit of what they did. Mounted in the sender's own
 * server behind its own sign-in; Node and Fetch-API runtimes.
 *
 * @module cdms-sdk/worklist
 */
export { createWorklist, type Worklist } from './create-worklist.js';
export type {
  WorklistNodeRequest,
  WorklistNodeResponse,
  WorklistOptions,
  WorklistPatient,
  WorklistPerson,
  WorklistPractice,
  WorklistRequest,
  WorklistResendMessage,
} from './options.js';
export type { WorklistTracker } from './tracker-port.js';
