// `cdms-sdk/widget`: what a widget's own server needs to read the launch
// tokens the toolbar puts in its launch URL (spec: Widget rules 5,
// Authentication 5). Re-exports only. Minting tokens (the toolbar's side) is
// deliberately not here: see `cdms-sdk/sandbox` and decision D-WIDGET-08.

/**
 * For a widget's own server: read and verify the launch tokens the toolbar
 * puts in a widget's launch URL (the user and patient of the launch).
 *
 * @module cdms-sdk/widget
 */
export { readLaunchTokens } from './read-launch-tokens.js';
export { LaunchTokenError, type LaunchTokenErrorCode, type LaunchTokenErrorDetails, type LaunchTokenKind } from './errors.js';
export { DEFAULT_LAUNCH_PARAMETER_NAMES } from './launch-parameters.js';
export { DEFAULT_ASYMMETRIC_ALGORITHMS, DEFAULT_HMAC_ALGORITHMS } from './verification-key.js';
export type {
  LaunchClaims,
  LaunchContext,
  LaunchEncryptionMethod,
  LaunchParameterNames,
  LaunchTokenHeaders,
  LaunchTokens,
  LaunchTokenVerificationKey,
  ReadLaunchTokensOptions,
} from './types.js';
