// The tracker's engines are optional peers, loaded with the SDK's one loader
// of optional packages (a missing one is a ConfigurationError with the fix).
export { loadOptionalModule } from '../../core/optional-module.js';
