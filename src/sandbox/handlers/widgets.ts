import type { InvalidParameter } from '../../schemas/problem.js';
import { WidgetRegistrationSchema, type WidgetRegistration } from '../../schemas/widget.js';
import { validateWidget } from '../../validation/index.js';
import { validationProblem } from '../http/problems.js';
import { empty } from '../http/response.js';
import { toInvalidParameters } from '../http/zod-issues.js';
import { mergeByName } from './send-checks.js';
import type { ApiHandler } from './types.js';

type Checked = { ok: true; widget: WidgetRegistration } | { ok: false; params: InvalidParameter[] };

function check(body: unknown): Checked {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, params: [{ name: '(body)', reason: 'must be a JSON object (the widget registration)' }] };
  }
  const parsed = WidgetRegistrationSchema.safeParse(body);
  const schema = parsed.success ? [] : toInvalidParameters(parsed.error);
  let params: InvalidParameter[];
  try {
    params = mergeByName(schema, validateWidget(body).invalidParameters);
  } catch (error) {
    // A rule tripping over a body the schema already refused adds nothing; otherwise it is a real fault (500).
    if (schema.length === 0) throw error;
    params = schema;
  }
  return parsed.success && params.length === 0 ? { ok: true, widget: parsed.data } : { ok: false, params };
}

/**
 * POST /api/v1/widgets: the request schema and the widget rules, then the
 * per-key store: a known name (ignoring case and outer spaces) updates that
 * widget; a new name beyond the limit (5 by default) is a 400 naming `name`.
 * 204 on submission; approval stays pending, as it is manual.
 */
export const registerWidgetHandler: ApiHandler = ({ state, body, apiKey }) => {
  const checked = check(body);
  if (!checked.ok) return validationProblem(checked.params);
  const result = state.widgets.register(apiKey, checked.widget, state.config.clock());
  if (result === 'limit') {
    const max = state.config.maxWidgetsPerKey;
    return validationProblem([
      {
        name: 'name',
        reason: `is a new widget, but this API key already has ${max} widgets (the limit); re-register an existing name to update it, or ask the operator for more`,
      },
    ]);
  }
  return empty(204);
};
