// The sandbox plays the toolbar launching a registered widget. It
// signs launch JWTs with a key pair made at start (public half served at
// /_sandbox/jwks) and encrypts them with the widget's stored secret and method.
import type { JSONWebKeySet } from 'jose';
import {
  buildToolbarLaunchUrl,
  generateToolbarSigningKey,
  toolbarJwks,
  ToolbarLaunchError,
  type ToolbarPatientClaims,
  type ToolbarSigningKey,
  type ToolbarUserClaims,
} from '../widget/toolbar/index.js';
import { CONTROL_PATHS } from './control/paths.js';
import type { ControlRoute } from './control/routes.js';
import { SandboxError } from './errors.js';
import type { SandboxState } from './state.js';

/**
 * Who launches a widget, and for which patient. The claim names are the
 * sandbox's assumption (the spec does not show the live toolbar's claims):
 * see docs/widgets.md.
 */
export interface SandboxLaunchContext {
  /** The practice user; required for widgets registered with requiresUserData. */
  user?: ToolbarUserClaims | undefined;
  /** The patient; required for widgets registered with requiresPatientData (the live toolbar would prompt for one). */
  patient?: ToolbarPatientClaims | undefined;
}

/** The sandbox's toolbar side of widget launches. Internal. */
export class WidgetLauncher {
  readonly #state: SandboxState;
  readonly #key: ToolbarSigningKey;

  private constructor(state: SandboxState, key: ToolbarSigningKey) {
    this.#state = state;
    this.#key = key;
  }

  /** Makes a launcher with a fresh ES256 key pair. */
  static async create(state: SandboxState): Promise<WidgetLauncher> {
    return new WidgetLauncher(state, await generateToolbarSigningKey());
  }

  /** The public key set widgets verify launch JWTs with. */
  jwks(): JSONWebKeySet {
    return toolbarJwks(this.#key);
  }

  /**
   * The launch URL of a widget registered with the full-permission key, as
   * the toolbar would build it. Approval is not required: the sandbox never
   * approves (registration stays pending), and tests need to launch anyway.
   */
  async launchUrl(widgetName: unknown, context: unknown): Promise<string> {
    if (typeof widgetName !== 'string' || widgetName.trim() === '') throw new SandboxError('invalid', 'The widget name must be a non-empty string.');
    const widget = this.#state.widgets.find(this.#state.config.apiKey, widgetName);
    if (!widget) throw new SandboxError('not-found', 'No widget of that name is registered with the sandbox\'s apiKey; register it with widgets.register first.');
    if (context === null || typeof context !== 'object' || Array.isArray(context)) {
      throw new SandboxError('invalid', 'The launch context must be an object with user (and patient).');
    }
    try {
      return await buildToolbarLaunchUrl(widget, context, { signingKey: this.#key, now: this.#state.config.clock() });
    } catch (error) {
      if (error instanceof ToolbarLaunchError) throw new SandboxError('invalid', error.message);
      throw error;
    }
  }
}

/**
 * Control routes of widget launches: `GET /_sandbox/jwks` (the public JWK
 * Set, RFC 7517 section 5) and `POST /_sandbox/widgets/launch-url` with
 * `{ name, user, patient? }`, answering `{ launchUrl }`.
 */
export function widgetLaunchRoutes(launcher: WidgetLauncher): ControlRoute[] {
  return [
    { method: 'GET', path: CONTROL_PATHS.jwks, handler: () => launcher.jwks() },
    {
      method: 'POST',
      path: CONTROL_PATHS.launchUrl,
      handler: async ({ body }) => ({ launchUrl: await launcher.launchUrl(body.name, { user: body.user, patient: body.patient }) }),
    },
  ];
}
