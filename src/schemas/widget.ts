import { z } from 'zod';

/** Encryption methods a widget may register (spec: encryptionMethod). */
export const WIDGET_ENCRYPTION_METHODS = ['A256GCM', 'A128CBC_HS256'] as const;

/** Body of POST /api/v1/widgets (spec: Widget registration). */
export const WidgetRegistrationSchema = z.object({
  /** Display name and identity; letters, digits, spaces, hyphens and underscores. Case and outer spaces are ignored when matching. */
  name: z
    .string()
    .describe('Display name and identity; letters, digits, spaces, hyphens and underscores. Case and outer spaces are ignored when matching.'),
  /** Name of an icon from the toolbar's icon set. */
  icon: z.string().describe("Name of an icon from the toolbar's icon set."),
  /** Absolute https URL the toolbar opens. */
  launchUrl: z.string().describe('Absolute https URL the toolbar opens.'),
  /** Exactly 32 characters; encrypts the JWTs sent to the widget. */
  encryptionSecret: z.string().describe('Exactly 32 characters; encrypts the JWTs sent to the widget.'),
  /** Default 'A256GCM'. */
  encryptionMethod: z.literal(WIDGET_ENCRYPTION_METHODS).optional().describe("Default 'A256GCM'."),
  /** Add a JWT with user context to the launch URL. */
  requiresUserData: z.boolean().describe('Add a JWT with user context to the launch URL.'),
  /** Add a JWT with patient context; needs requiresUserData true. */
  requiresPatientData: z.boolean().describe('Add a JWT with patient context; needs requiresUserData true.'),
});

/** A widget registration. */
export interface WidgetRegistration extends z.infer<typeof WidgetRegistrationSchema> {}
