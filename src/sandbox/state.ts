import { AccessTokens } from './access-tokens.js';
import { FaultInjector } from './faults/injector.js';
import { MessageStore } from './messages/store.js';
import { Toolbars } from './messages/toolbar.js';
import type { SandboxConfig } from './options.js';
import { RequestLog } from './request-log.js';
import { StatsCollector } from './stats.js';
import { WidgetStore } from './widget-store.js';

/** Everything the sandbox holds. Internal: handlers and controls share it. */
export class SandboxState {
  /** The resolved options. */
  readonly config: SandboxConfig;
  /** Stored messages. */
  readonly messages: MessageStore;
  /** Running toolbars. */
  readonly toolbars: Toolbars;
  /** Access codes and tokens. */
  readonly tokens = new AccessTokens();
  /** Registered widgets. */
  readonly widgets: WidgetStore;
  /** Counters for tests. */
  readonly stats = new StatsCollector();
  /** Fault decisions. */
  readonly faults: FaultInjector;
  /** The newest API requests, for the console and `/_sandbox/requests`. */
  readonly requests: RequestLog;

  /** @param config - The resolved options. */
  constructor(config: SandboxConfig) {
    this.config = config;
    this.messages = new MessageStore(config.statusRetentionMs, config.attachmentContentBytes);
    this.toolbars = new Toolbars(this.messages, config.instantImportDelayMs);
    this.widgets = new WidgetStore(config.maxWidgetsPerKey);
    this.faults = new FaultInjector(config.seed, config.faults);
    this.requests = new RequestLog(config.requestLogSize);
  }

  /** The sandbox's current time in epoch milliseconds. */
  now(): number {
    return this.config.clock().getTime();
  }

  /** Forgets every message, token, widget, toolbar and count; faults back to the start options. */
  reset(): void {
    this.messages.clear();
    this.toolbars.clear();
    this.tokens.clear();
    this.widgets.clear();
    this.stats.reset();
    this.faults.reset(this.config.faults);
    this.requests.clear();
  }
}
