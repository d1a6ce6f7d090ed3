import { LocalValidationError } from '../core/errors/local-errors.js';
import type { ValidatedCallOptions } from './send-types.js';
import { operationCall } from '../schemas/operations.js';
import type { WidgetRegistration } from '../schemas/widget.js';
import { validateWidget } from '../validation/index.js';
import { Resource } from './resource.js';

/**
 * Widgets: web applications the toolbar launches for a practice user.
 * Registration (new or update, matched by name ignoring case and outer
 * spaces) is approved manually by the operator before it takes effect.
 *
 * @example
 * ```ts
 * await cdms.widgets.register({
 *   name: 'Referral Tracker', icon: 'clipboard', launchUrl: 'https://widgets.example.org/launch',
 *   encryptionSecret: process.env.WIDGET_SECRET!, requiresUserData: true, requiresPatientData: false,
 * });
 * ```
 */
export class Widgets extends Resource {
  /**
   * Registers or updates a widget (POST /api/v1/widgets) after validating it
   * locally; resolves on 204. Tell the operator: approval is manual. Not
   * retried automatically. The encryption secret never appears in errors or logs.
   *
   * @throws LocalValidationError when the registration is invalid (nothing sent).
   * @throws BadRequestError, AuthenticationError, PermissionDeniedError, InternalServerError
   * @throws ConnectionError, TimeoutError, RequestAbortedError
   */
  async register(widget: WidgetRegistration, options: ValidatedCallOptions = {}): Promise<void> {
    const { skipLocalValidation, ...requestOptions } = options;
    await this.traced('widgets.register', (scope) => {
      if (!skipLocalValidation) {
        const result = validateWidget(widget);
        if (!result.ok) throw new LocalValidationError(result.invalidParameters);
      }
      const secret: unknown = (widget as { encryptionSecret?: unknown } | null)?.encryptionSecret;
      return this.context.transport.request(
        {
          ...operationCall('registerWidget'),
          json: widget,
          secrets: typeof secret === 'string' ? [secret] : [],
        },
        { ...requestOptions, scope },
      );
    });
  }
}
