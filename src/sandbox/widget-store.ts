import type { WidgetRegistration } from '../schemas/widget.js';

/**
 * A registered widget, as the toolbar would hold it. The encryption secret
 * and method are kept because the toolbar encrypts each launch's JWTs with
 * them (spec: Widget registration; see the sandbox's widget launch).
 */
export interface WidgetRecord extends WidgetRegistration {
  /** The method in force: the registered one, else the spec's default 'A256GCM'. */
  encryptionMethod: 'A256GCM' | 'A128CBC_HS256';
  /** Registrations await the operator's manual approval (spec); the sandbox never approves. */
  approval: 'pending';
  /** First registration (ISO 8601). */
  registeredAt: string;
  /** Last registration or update (ISO 8601). */
  updatedAt: string;
}

/** A registered widget as tests see it: everything but the encryption secret. */
export type SandboxWidget = Omit<WidgetRecord, 'encryptionSecret'>;

/** Widget rule 2: names match ignoring case and leading or trailing spaces. */
export const widgetKey = (name: string): string => name.trim().toLowerCase();

/** What a registration did. */
export type RegisterResult = 'created' | 'updated' | 'limit';

/** Widgets per API key identity (spec: Widget rules 1 and 2, Limits). */
export class WidgetStore {
  readonly #byKey = new Map<string, Map<string, WidgetRecord>>();
  readonly #maxPerKey: number;

  /** @param maxPerKey - Widgets one API key may register. */
  constructor(maxPerKey: number) {
    this.#maxPerKey = maxPerKey;
  }

  /** Registers or updates (same name) a widget for `apiKey`; refuses one beyond the limit. */
  register(apiKey: string, widget: WidgetRegistration, now: Date): RegisterResult {
    const widgets = this.#byKey.get(apiKey) ?? new Map<string, WidgetRecord>();
    const key = widgetKey(widget.name);
    const existing = widgets.get(key);
    if (!existing && widgets.size >= this.#maxPerKey) return 'limit';
    const at = now.toISOString();
    widgets.set(key, {
      ...widget,
      encryptionMethod: widget.encryptionMethod ?? 'A256GCM',
      approval: 'pending',
      registeredAt: existing?.registeredAt ?? at,
      updatedAt: at,
    });
    this.#byKey.set(apiKey, widgets);
    return existing ? 'updated' : 'created';
  }

  /** The widget of that name registered with `apiKey`, secret included (for building launch URLs). */
  find(apiKey: string, name: string): WidgetRecord | undefined {
    return this.#byKey.get(apiKey)?.get(widgetKey(name));
  }

  /** Every widget registered with `apiKey`, without secrets. */
  list(apiKey: string): SandboxWidget[] {
    return [...(this.#byKey.get(apiKey)?.values() ?? [])].map(({ encryptionSecret: _secret, ...rest }) => ({ ...rest }));
  }

  /** Forgets every widget. */
  clear(): void {
    this.#byKey.clear();
  }
}
