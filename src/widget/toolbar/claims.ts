// The claims the sandbox's toolbar puts in launch JWTs. The spec does not
// show them (Authentication point 7), so these are the SDK's assumption,
// named after the OpenID Connect standard claims where one exists
// (https://openid.net/specs/openid-connect-core-1_0.html#StandardClaims);
// widgets must not rely on them matching the live toolbar.
import { z } from 'zod';

/** The practice user who launched the widget (sandbox assumption; see docs/widgets.md). */
export const ToolbarUserClaimsSchema = z.looseObject({
  /** The user's id in the toolbar. */
  sub: z.string().min(1).describe("The user's id in the toolbar."),
  /** The user's display name. */
  name: z.string().min(1).describe("The user's display name."),
  /** The user's role, for example 'GP' or 'Practice Nurse'. */
  role: z.string().min(1).optional().describe("The user's role, for example 'GP' or 'Practice Nurse'."),
  /** ODS code of the user's organisation (the GP practice). */
  ods_code: z.string().min(1).describe("ODS code of the user's organisation (the GP practice)."),
  /** Name of the user's organisation. */
  organisation_name: z.string().min(1).optional().describe("Name of the user's organisation."),
});

/** User-context claims as the sandbox's toolbar sends them. */
export interface ToolbarUserClaims extends z.infer<typeof ToolbarUserClaimsSchema> {}

/** The patient whose record was open when the widget was launched (sandbox assumption). */
export const ToolbarPatientClaimsSchema = z.looseObject({
  /** The patient's NHS number. */
  nhs_number: z.string().regex(/^\d{10}$/, 'must be 10 digits').describe("The patient's NHS number."),
  /** The patient's given name. */
  given_name: z.string().min(1).describe("The patient's given name."),
  /** The patient's family name. */
  family_name: z.string().min(1).describe("The patient's family name."),
  /** The patient's date of birth (OIDC 'birthdate'). */
  birthdate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD').describe("The patient's date of birth (OIDC 'birthdate')."),
  /** The patient's gender as recorded, when known. */
  gender: z.string().min(1).optional().describe("The patient's gender as recorded, when known."),
});

/** Patient-context claims as the sandbox's toolbar sends them. */
export interface ToolbarPatientClaims extends z.infer<typeof ToolbarPatientClaimsSchema> {}
