// Local pre-validation: pure functions that check a message or widget the
// way the service would, before anything is sent. The resources run them on
// every send; they are exported for senders' own forms and pipelines.
export type { Route, ValidateMessageOptions, ValidationResult } from './types.js';
export { validateMessage } from './message.js';
export { validateWidget } from './widget.js';
export { checkStrictBase64, type Base64Check, type Base64Problem } from './base64.js';
export { checkWindowsFileName, type FileNameProblem } from './file-name.js';
export { isValidNhsNumber } from './nhs-number.js';
export { isValidSnomedCtId } from './snomed.js';
export { checkWrongPatient, type CheckWrongPatientOptions, type WrongPatientOptions } from './wrong-patient.js';
export type { WrongPatientCheckOptions } from './pdf-check/pdf-checker.js';
