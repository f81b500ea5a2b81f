import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Account, Payments } from '@roundwise/core';
import { AuthRepository, Keys } from '@roundwise/db';
import type { Deps } from '../context.ts';
import { errorFields, log } from '../log.ts';
import { applyProviderStates } from './apply-updates.ts';
import { providerNamed } from './provider-effects.ts';

/** An account's connected providers (`AccountSettings.paymentConnections`). */
type Connections = NonNullable<Account['settings']['paymentConnections']>;

/**
 * The status pull: asks each connected provider what changed since the last
 * pull and applies it as if its webhooks had come, so a dropped or lost webhook never leaves a
 * payment stuck. Run on a schedule (EventBridge `payments-pull`; the local runtime's croner) and
 * by 'Sync payments'. A pulled state is named `<id>@<version>`: applying it again, or the webhook
 * of the same change after it, changes nothing. The cursor is the provider's own time, kept per
 * account and provider; changes at the cursor's instant are read again (harmless), none are skipped.
 */
export async function pullAccount(
  s: Deps,
  accountId: string,
  connected: Connections,
): Promise<{ provider: string; changed: number }[]> {
  const results: { provider: string; changed: number }[] = [];
  for (const kind of Object.keys(connected) as Payments.ProviderKind[]) {
    const provider = providerNamed(s, connected[kind]?.provider);
    if (!provider) continue;
    const key = Keys.providerCursorKey(accountId, provider.name);
    const { Item } = await s.db.doc.send(new GetCommand({ TableName: s.db.tableName, Key: key }));
    const changes = await provider.listChanges(accountId, Item?.cursor as string | undefined);
    const named = <T extends { id: string; version: number }>(list: T[]) =>
      list.map((resource) => ({ eventId: `${resource.id}@${resource.version}`, resource }));
    const changed = await applyProviderStates(s, provider, named(changes.payments), named(changes.mandates));
    if (changes.cursor) {
      await s.db.doc.send(
        new PutCommand({ TableName: s.db.tableName, Item: { ...key, cursor: changes.cursor } }),
      );
    }
    results.push({ provider: provider.name, changed });
  }
  return results;
}

/** Every account with a connected provider; one account's failure does not stop the others. */
export async function pullAllAccounts(s: Deps): Promise<{ accounts: number; changed: number }> {
  const accounts = await new AuthRepository(s.db).listAccounts();
  let pulled = 0;
  let changed = 0;
  const failed: string[] = [];
  // The accounts index holds whole account records: their connections need no read of their own.
  for (const { accountId, settings } of accounts) {
    const connected = settings.paymentConnections ?? {};
    if (Object.keys(connected).length === 0) continue;
    try {
      for (const r of await pullAccount(s, accountId, connected)) changed += r.changed;
      pulled++;
    } catch (error) {
      log({ type: 'error', job: 'paymentsPull', accountId, ...errorFields(error) });
      failed.push(accountId);
    }
  }
  if (failed.length > 0) throw new Error(`Payment status pull failed for ${failed.join(', ')}`);
  return { accounts: pulled, changed };
}
