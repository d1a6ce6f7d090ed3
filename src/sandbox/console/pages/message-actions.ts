// "Acting as the practice": the moves a message allows now, as buttons that
// call the same control endpoints as curl and the CLI.
import { CONTROL_PATHS } from '../../control/paths.js';
import type { SandboxMessage } from '../../messages/record.js';
import { ITK_SUCCESS, SENT_TO_MESH, isTerminalStatus } from '../../../schemas/vocabulary.js';
import { html, type Html } from '../html.js';
import { actionButton } from './parts.js';

/** The GP route's outcomes, by the step the message is at (spec: GP-route combinations, in order). */
const GP_STEPS: Record<string, readonly (readonly [string, string])[]> = {
  [SENT_TO_MESH]: [
    ['received', 'Received by the practice (20013)'],
    ['rejected', 'Rejected by the practice'],
    ['mesh-rejected', 'Rejected by the message exchange (MESH)'],
    ['expired', 'Expired (not routed in time)'],
  ],
  [ITK_SUCCESS]: [
    ['completed', 'Imported by the practice'],
    ['rejected', 'Rejected by the practice'],
  ],
};

function toolbarActions(message: SandboxMessage): Html[] {
  const id = message.messageId;
  const moves: Html[] = [
    actionButton('Import', CONTROL_PATHS.toolbarImport, { messageId: id }, { result: 'message' }),
    actionButton('Reject', CONTROL_PATHS.toolbarReject, { messageId: id }, { result: 'message', className: 'danger' }),
  ];
  if (message.status === 'PENDING') moves.push(actionButton('Fail the import', CONTROL_PATHS.toolbarFail, { messageId: id }, { result: 'message', className: 'secondary' }));
  moves.push(actionButton('Expire now', CONTROL_PATHS.expire, { messageId: id }, { result: 'message', className: 'secondary' }));
  return moves;
}

function gpActions(message: SandboxMessage): Html[] {
  const steps = GP_STEPS[message.subStatus ?? ''] ?? [];
  const id = message.messageId;
  const next = steps.length > 0 ? [actionButton('Advance one step', CONTROL_PATHS.gpRouteAdvance, { messageId: id }, { result: 'message' })] : [];
  return [
    ...next,
    ...steps.map(([outcome, label]) =>
      actionButton(label, CONTROL_PATHS.gpRouteAdvance, { messageId: id, outcome }, { result: 'message', className: 'secondary' }),
    ),
  ];
}

/** The actions section of a message. */
export function messageActions(message: SandboxMessage): Html {
  if (isTerminalStatus(message.status)) {
    return html`<p class="notice">${message.status} is a terminal status: the message never changes again.</p>`;
  }
  const buttons = message.route === 'gpconnect' ? gpActions(message) : toolbarActions(message);
  const who = message.route === 'gpconnect' ? 'the GP route (MESH and the practice system)' : 'the practice user in the toolbar';
  return html`<p class="muted">Play ${who}. Each button calls the sandbox's control API, exactly as <code>cdms sandbox</code> and curl do.</p>
<div class="actions" role="group" aria-label="Act as the practice">${buttons}</div>`;
}
