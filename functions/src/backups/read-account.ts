import type { Change } from '@roundwise/core';
import type { EntityRepository } from '@roundwise/db';

const PAGE = 5000;

/** The newest copy of every entity of the account, tombstones included, keyed `type\tid`. */
export type AccountState = Map<string, Change>;

export const stateKey = (change: Change) => `${change.type}\t${change.entity._id}`;

function keepNewest(state: AccountState, change: Change) {
  const key = stateKey(change);
  const held = state.get(key);
  if (!held || held.entity._version <= change.entity._version) state.set(key, change);
}

/** Every change after `cursor`, as they land; returns the cursor after the last. */
async function readFeed(
  repo: EntityRepository,
  state: AccountState,
  cursor: string | undefined,
  now: () => Date,
) {
  for (;;) {
    // A clock ahead of now: a reader that wants every write landed so far, not the feed's lag.
    const page = await repo.changedSince(cursor, PAGE, new Date(now().getTime() + 60_000));
    for (const change of page.changes) keepNewest(state, change);
    if (!page.hasMore || page.changes.length === 0) return page.changes.length;
    cursor = page.cursor;
  }
}

/**
 * A consistent snapshot of an account: the whole feed read once, then the writes that landed while
 * it was read (the feed from a few seconds before the read began, since a write is stamped when its
 * command runs and may land later) overlaid, newest version winning, until a pass finds none newer.
 * The result is the account as it stood at the end of the last pass: a customer deleted half-way
 * through is gone with its jobs, not half there. An account written to without a pause stops after
 * five passes, each only the last few seconds of writes.
 */
export async function readAccount(
  repo: EntityRepository,
  now: () => Date = () => new Date(),
): Promise<AccountState> {
  const state: AccountState = new Map();
  let since = now();
  await readFeed(repo, state, undefined, now);
  for (let pass = 0; pass < 5; pass++) {
    const before = new Map([...state].map(([k, c]) => [k, c.entity._version]));
    const started = now();
    // The feed's own lag: a write stamped up to 5 s before it landed (packages/db README).
    const from = new Date(since.getTime() - 5_000).toISOString();
    await readFeed(repo, state, Buffer.from(from, 'utf8').toString('base64url'), now);
    since = started;
    const changed = [...state].some(([k, c]) => before.get(k) !== c.entity._version);
    if (!changed) break;
  }
  return state;
}
