// The toolbar's side of a widget launch, for the sandbox and for tests:
// minting launch tokens and URLs. Not exported from `cdms-sdk/widget`
// (a widget only reads tokens); the sandbox entry re-exports it.
export { ToolbarPatientClaimsSchema, ToolbarUserClaimsSchema, type ToolbarPatientClaims, type ToolbarUserClaims } from './claims.js';
export { generateToolbarSigningKey, toolbarJwks, type ToolbarSigningKey } from './signing-key.js';
export {
  buildToolbarLaunchUrl,
  createLaunchToken,
  ToolbarLaunchError,
  type LaunchableWidget,
  type ToolbarLaunchContext,
  type ToolbarLaunchOptions,
  type ToolbarTokenOptions,
} from './launch-url.js';
