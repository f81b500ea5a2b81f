import { Audit, type EntityType, isAppError, newId } from '@roundwise/core';
import {
  DynamoStore,
  EntityRepository,
  type OutboxEffect,
  type TransactItem,
  TransactionRefused,
} from '@roundwise/db';
import type { Deps } from '../context.ts';
import { dispatchEffects } from '../effects/queue.ts';

/** What one attempt of an account write did, beside the records it put on its unit of work. */
export interface AccountWrite<T> {
  result: T;
  /** Committed with the records, all or nothing (a counter's move). */
  items?: TransactItem[];
  /** Written to the outbox with the records and dispatched once they are committed. */
  effects?: OutboxEffect[];
  /** Audits the records' changes as `action` by `createdBy` (a provider, say), in the same commit. */
  audit?: { action: string; createdBy: string; entityType: EntityType };
}

/** Another write got there first: the unit's read is stale (or a counter moved). */
export const isConflict = (error: unknown) =>
  error instanceof TransactionRefused || (isAppError(error) && error.kind === 'conflict');

/**
 * The one way the server writes an account's records on no member's behalf (a provider's events,
 * a customer's page, an effect's outcome); a member's writes are commands (`run-command.ts`).
 * `work` reads and puts on a fresh unit of work; its records, `items`, the audit entry and the
 * outbox items are committed in one transaction, so the change feed, the audit log and the effects
 * agree; the effects are dispatched after. An attempt that meets another write is run again on a
 * fresh unit, up to `attempts` in all (1: the conflict is the caller's), after a spread wait.
 * Nothing is written when `work` put nothing and asked for nothing.
 */
export async function writeAccount<T>(
  s: Deps,
  accountId: string,
  work: (store: DynamoStore) => Promise<AccountWrite<T>>,
  { attempts = 1 }: { attempts?: number } = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const store = readAccount(s, accountId);
    const { result, items = [], effects = [], audit } = await work(store);
    const written = store.writes().items.length > 0;
    if (!written && items.length === 0 && effects.length === 0) return result;
    const now = s.now();
    const audited = audit && written ? [auditItem(s, accountId, store, audit, now)] : [];
    try {
      await store.commit([...items, ...audited, ...effects.map((e) => s.outbox.item(e, now))]);
    } catch (error) {
      if (!isConflict(error) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20 * attempt));
      continue;
    }
    dispatchEffects(
      s,
      effects.map((e) => e.id),
    );
    return result;
  }
}

/**
 * An account's records through a unit of work that is never committed: for the documented readers
 * that need a store's view (`Credits.readBalance`) rather than the repository's.
 */
export function readAccount(s: Deps, accountId: string): DynamoStore {
  return new DynamoStore(new EntityRepository(s.db, accountId), s.now);
}

function auditItem(
  s: Deps,
  accountId: string,
  store: DynamoStore,
  { action, createdBy, entityType }: NonNullable<AccountWrite<unknown>['audit']>,
  now: Date,
) {
  return s.audit.item(accountId, {
    id: newId(),
    timestamp: now.toISOString(),
    createdBy,
    action,
    ...Audit.describeCommand(action, {}, store.edits(), entityType),
  });
}
