// Rules of the GP route's gpConnectAdditionalInformation (spec: "GP-route
// additional information"). Patient fields are checked for presence only and
// never echoed; their format is left open by the spec.
import { GPCONNECT_RECIPIENT_TYPES } from '../schemas/gpconnect.js';
import type { Collector } from './collector.js';
import { UNREADABLE_REASON, booleanField, objectField, stringField, unknownFields } from './fields.js';
import { UNREADABLE, get } from './read.js';
import { snomedConceptProblem } from './snomed.js';

const PATH = 'gpConnectAdditionalInformation';
const INFO_FIELDS = [
  'recipientType', 'senderReference', 'confidentiality', 'relatesTo', 'versionNumber',
  'patient', 'practitioner', 'organisation', 'typeCode', 'typeDescription',
] as const;

/** Checks `message.gpConnectAdditionalInformation` (required on the GP route). */
export function checkGpConnectInformation(c: Collector, message: object): void {
  const info = objectField(c, message, PATH, '', true);
  if (!info) return;
  unknownFields(c, info, PATH, INFO_FIELDS);
  const recipientType = stringField(c, info, 'recipientType', PATH, { required: true, show: true });
  if (recipientType !== undefined && !(GPCONNECT_RECIPIENT_TYPES as readonly string[]).includes(recipientType)) {
    c.add(`${PATH}.recipientType`, "must be 'For Action' or 'For Information'", recipientType);
  }
  stringField(c, info, 'senderReference', PATH, { required: true, nonEmpty: true });
  booleanField(c, info, 'confidentiality', PATH, true);
  checkVersion(c, info);
  checkPatient(c, info);
  checkPractitioner(c, info);
  checkOrganisation(c, info);
  const typeCode = stringField(c, info, 'typeCode', PATH, { required: true, nonEmpty: true, show: true });
  const codeProblem = typeCode === undefined ? undefined : snomedConceptProblem(typeCode);
  if (codeProblem) c.add(`${PATH}.typeCode`, codeProblem, typeCode);
  stringField(c, info, 'typeDescription', PATH, { required: true, nonEmpty: true, show: true });
}

/** versionNumber: 1 for an original, > 1 for a replacement that names what it replaces in relatesTo. */
function checkVersion(c: Collector, info: object): void {
  const name = `${PATH}.versionNumber`;
  const version = get(info, 'versionNumber');
  const relatesTo = stringField(c, info, 'relatesTo', PATH, { required: false, nonEmpty: true });
  const relatesPresent = get(info, 'relatesTo') !== undefined;
  if (version === UNREADABLE) return c.add(name, UNREADABLE_REASON);
  if (version === undefined) return c.add(name, 'is required: 1 for an original send, 2 or more for a replacement');
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    return c.add(name, 'must be an integer of at least 1 (1 for an original send)', version);
  }
  if (version > 1 && !relatesPresent) {
    c.add(`${PATH}.relatesTo`, 'is required when versionNumber is greater than 1: give the id of the message this one replaces');
  }
  if (version === 1 && relatesTo !== undefined) {
    c.add(`${PATH}.relatesTo`, 'must be absent when versionNumber is 1: an original send replaces nothing');
  }
}

function checkName(c: Collector, parent: object, path: string): void {
  const name = objectField(c, parent, 'name', path, true);
  if (!name) return;
  unknownFields(c, name, `${path}.name`, ['family', 'given']);
  stringField(c, name, 'family', `${path}.name`, { required: true, nonEmpty: true });
  stringField(c, name, 'given', `${path}.name`, { required: false });
}

function checkPatient(c: Collector, info: object): void {
  const path = `${PATH}.patient`;
  const patient = objectField(c, info, 'patient', PATH, true);
  if (!patient) return;
  unknownFields(c, patient, path, ['name', 'dateOfBirth']);
  checkName(c, patient, path);
  stringField(c, patient, 'dateOfBirth', path, { required: true, nonEmpty: true });
}

function checkPractitioner(c: Collector, info: object): void {
  const path = `${PATH}.practitioner`;
  const practitioner = objectField(c, info, 'practitioner', PATH, false);
  if (!practitioner) return;
  unknownFields(c, practitioner, path, ['name', 'sdsUserId', 'telephone', 'email']);
  checkName(c, practitioner, path);
  for (const key of ['sdsUserId', 'telephone', 'email']) stringField(c, practitioner, key, path, { required: false });
}

function checkOrganisation(c: Collector, info: object): void {
  const path = `${PATH}.organisation`;
  const organisation = objectField(c, info, 'organisation', PATH, false);
  if (!organisation) return;
  unknownFields(c, organisation, path, ['telephone', 'email']);
  for (const key of ['telephone', 'email']) stringField(c, organisation, key, path, { required: false });
}
