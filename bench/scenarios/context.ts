import type { Row } from '../lib/table.js';
import type { Sdk } from '../lib/sdk.js';

/** What every scenario gets from bench/run.ts. */
export interface BenchContext {
  /** The built package (dist/), as `import 'cdms-sdk'` loads it. */
  sdk: Sdk;
  /** dist/index.js. */
  indexFile: string;
  /** The local service (bench/children/server.ts), with a trailing slash. */
  serverUrl: string;
  /** Progress line on stderr. */
  log: (message: string) => void;
}

/** A scenario: measures and returns its rows. */
export type Scenario = (context: BenchContext) => Promise<Row[]>;
