import { SandboxControls } from './control/controls.js';
import { controlRoutes, type SandboxInfo } from './control/routes.js';
import { createHandle, type Sandbox } from './handle.js';
import { apiRoutes } from './handlers/routes.js';
import { Router } from './http/router.js';
import { resolveOptions, type SandboxOptions } from './options.js';
import { listen } from './server/server.js';
import { SandboxState } from './state.js';
import { WidgetLauncher, widgetLaunchRoutes } from './widget-launch.js';
import { ChangeFeed } from './console/change-feed.js';
import { consoleRoutes } from './console/routes.js';

/**
 * Starts the sandbox: the whole Clinical Document Messaging Service, local
 * and stateful, on `node:http`. It listens on loopback by default, on a free
 * port with `port: 0`, and keeps no timers: `close()` leaves nothing behind.
 *
 * @example
 * ```ts
 * import { CdmsClient } from 'cdms-sdk';
 * import { startSandbox } from 'cdms-sdk/sandbox';
 *
 * const sandbox = await startSandbox({ port: 0, seed: 1, faults: { gpconnect503Rate: 0.3 } });
 * const cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
 * await cdms.test();
 * await sandbox.close();
 * ```
 *
 * @throws SandboxError when an option is invalid; the listen error (EADDRINUSE...) when the port cannot be bound.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const config = resolveOptions(options);
  const state = new SandboxState(config);
  const controls = new SandboxControls(state);
  const launcher = await WidgetLauncher.create(state);
  let url = '';
  const info = (): SandboxInfo => ({
    url,
    apiKey: config.apiKey,
    forbiddenApiKey: config.forbiddenApiKey,
    recipients: config.recipients,
    topics: config.topics,
  });
  const feed = new ChangeFeed(state);
  const control = {
    router: new Router([...controlRoutes(controls, info), ...widgetLaunchRoutes(launcher), ...consoleRoutes(controls, feed, () => config.recipients)]),
    bindHost: config.host,
    changed: () => feed.poke(),
  };
  const server = await listen(config.host, config.port, { state, router: new Router(apiRoutes(config.verifyPaths)) }, control);
  url = server.url;
  const close = () => {
    feed.close();
    return server.close();
  };
  return createHandle(config, controls, { ...server, close }, launcher);
}
