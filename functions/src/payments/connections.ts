import type { Payments } from '@roundwise/core';
import { AppError } from '@roundwise/core';
import { settingsOf, writeSettings } from '../account/account-settings.ts';
import type { Deps } from '../context.ts';

/**
 * Connecting a provider (an account setting per kind: `paymentConnections`). Locally the
 * simulator of that kind is connected at once; with a real provider this is where its OAuth
 * hand-off ends (docs/payments.md, "Real providers"). Disconnecting keeps the payments taken.
 */
export async function setConnection(
  s: Deps,
  accountId: string,
  kind: Payments.ProviderKind,
  connected: boolean,
) {
  const settings = await settingsOf(s, accountId);
  const provider = s.paymentProviders.find((p) => p.kind === kind);
  if (connected && !provider) throw new AppError('validation', 'payments.provider-not-connected', { kind });
  const { [kind]: _, ...others } = settings.paymentConnections ?? {};
  const paymentConnections =
    connected && provider
      ? { ...others, [kind]: { provider: provider.name, connectedAt: s.now().toISOString() } }
      : others;
  await writeSettings(s, accountId, { ...settings, paymentConnections });
  return paymentConnections;
}
