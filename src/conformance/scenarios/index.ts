// Every scenario of a conformance run, in the order it runs them.
import type { ConformanceScenario } from '../context.js';
import { GP_SCENARIOS } from './gp.js';
import { INSTANT_TOKEN_WIDGET_SCENARIOS } from './instant-tokens-widgets.js';
import { STANDARD_SCENARIOS } from './standard.js';

/** Every scenario, in run order. */
export const SCENARIOS: readonly ConformanceScenario[] = [...STANDARD_SCENARIOS, ...INSTANT_TOKEN_WIDGET_SCENARIOS, ...GP_SCENARIOS];
