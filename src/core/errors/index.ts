// Every error class of the client, as the package exports them.
export * from './cdms-error.js';
export * from './local-errors.js';
export * from './transport-errors.js';
export * from './api-error.js';
export type { ContentRejection } from './content-rejection.js';
