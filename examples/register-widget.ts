// Register a widget on the toolbar. Re-registering the same name (ignoring
// case and outer spaces) updates it; each registration then waits for the
// operator's manual approval.
//
//   npx tsx examples/register-widget.ts
// WIDGET_ENCRYPTION_SECRET (32 characters) is used when set.
import { randomBytes } from 'node:crypto';
import { run } from './support/connect.js';
import { say } from './support/output.js';

await run(async ({ cdms, sandbox, where }) => {
  say(`Connected to ${where}`);
  // Keep the secret in your secret store: it decrypts every launch token.
  const encryptionSecret = process.env.WIDGET_ENCRYPTION_SECRET ?? randomBytes(16).toString('hex');
  const registration = {
    name: 'Referral Tracker',
    icon: 'clipboard',
    launchUrl: 'https://widgets.example.org/referrals/launch',
    encryptionSecret,
    encryptionMethod: 'A256GCM' as const,
    requiresUserData: true,
    requiresPatientData: true,
  };
  await cdms.widgets.register(registration);
  say(`Registered "${registration.name}"; tell the operator, who approves it manually`);
  await cdms.widgets.register({ ...registration, name: ' referral tracker ', icon: 'list-check' });
  say('Re-registered the same name in another case: that updates the widget');
  if (sandbox) {
    for (const w of sandbox.listWidgets()) say(`Toolbar holds: "${w.name.trim()}" icon ${w.icon}, approval ${w.approval}`);
  }
});
