import type { Actor } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import type { Services } from '../context.ts';

/**
 * A page of the account's change feed after `cursor`: entities and tombstones in the order they
 * were written. Every member of the account receives the account's entities; screens decide what
 * a role sees (spec 000 says nothing finer, see docs/architecture.md).
 */
export function readChanges(s: Services, actor: Actor, cursor: string | undefined, limit: number) {
  return new EntityRepository(s.db, actor.accountId).changedSince(cursor, limit, s.now());
}
