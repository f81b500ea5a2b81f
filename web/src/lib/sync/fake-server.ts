import {
  type Actor,
  AppError,
  type Change,
  executeCommand,
  isAppError,
  loadCommand,
  MemoryStore,
  newId,
  notFound,
  offline,
  Sync,
} from '@roundwise/core';
import type { CommandAnswer, SyncPage, Transport } from './transport.ts';

/**
 * For tests: an in-memory server with the API's command and sync semantics (commands run by core's
 * `executeCommand` on a `MemoryStore`, a replay answered by its `commandId`, a feed with a cursor
 * and `hasMore`), and a switch to take the network down. With a `view`, sync goes through it as
 * the API's does (cursors carry its key: another view answers `restart`, records that leave it are
 * dropped); with `snapshotPage`, a load from no cursor lists pages of that many live entities.
 */
export class FakeServer {
  readonly store = new MemoryStore();
  private readonly answers = new Map<string, CommandAnswer | AppError>();
  /** How many times each commandId reached the server. */
  readonly received = new Map<string, number>();
  online = true;
  view: Sync.SyncView | undefined;
  snapshotPage: number | undefined;
  /** Sync requests answered, by kind. */
  readonly syncCalls = { feed: 0, page: 0 };

  constructor(readonly actor: Actor) {}

  /** Runs a command as another device would (not through any client). */
  async run(name: string, input: unknown): Promise<CommandAnswer> {
    return this.transport().command(name, { commandId: newId(), input });
  }

  transport(): Transport {
    return {
      command: async (name, { commandId, input }) => {
        if (!this.online) throw offline();
        this.received.set(commandId, (this.received.get(commandId) ?? 0) + 1);
        let answer = this.answers.get(commandId);
        if (!answer) {
          const def = await loadCommand(name);
          const before = this.store.changes.length;
          try {
            if (!def) throw notFound('command.unknown', { name });
            const result = await executeCommand(
              def as never,
              { store: this.store, actor: this.actor, now: new Date(), newId, emit: () => {} },
              input,
            );
            answer = { commandId, result, changes: this.store.changes.slice(before) as Change[] };
          } catch (e) {
            if (!isAppError(e)) throw e;
            answer = e;
          }
          this.answers.set(commandId, answer);
        }
        if (answer instanceof AppError) throw answer;
        return answer;
      },
      sync: async (cursor, limit) => {
        if (!this.online) throw offline();
        return this.sync(cursor, limit);
      },
    };
  }

  /** `GET /api/sync` as the API answers it. */
  sync(cursor: string | undefined, limit: number): SyncPage {
    const view = this.view;
    const key = view?.key ?? '';
    const all = this.store.changes;
    // Cursors: `<n>` (no view), `<view key>|<n>` in the feed, `p|<view key>|<from>|<to>` a snapshot page.
    const parts = cursor ? cursor.split('|') : [];
    const kind = parts[0] === 'p' ? 'p' : 'f';
    const at = kind === 'p' ? parts[2] : parts.at(-1);
    const cursorKey = kind === 'p' ? parts[1] : parts.length === 1 ? '' : parts[0];
    const base = view ? { view } : {};
    const feedCursor = (n: number) => (view ? `${key}|${n}` : String(n));
    if (cursor && cursorKey !== key)
      return { changes: [], cursor: '', hasMore: true, restart: true, ...base };
    if (kind === 'p') {
      this.syncCalls.page++;
      const live = liveChanges(all).slice(Number(at), Number(parts[3]));
      return { ...through(view, live, false), cursor: '', hasMore: true };
    }
    this.syncCalls.feed++;
    if (!cursor && this.snapshotPage) {
      // Pages of one type each, as the API's snapshot sections are.
      const live = liveChanges(all);
      const pages = [];
      for (let i = 0; i < live.length; ) {
        let end = i;
        while (end < live.length && end - i < this.snapshotPage && live[end]!.type === live[i]!.type) end++;
        pages.push({ cursor: `p|${key}|${i}|${end}`, type: live[i]!.type, entities: end - i });
        i = end;
      }
      return { changes: [], cursor: feedCursor(all.length), hasMore: true, pages, ...base };
    }
    const from = at ? Number(at) : 0;
    const slice = all.slice(from, from + limit);
    const next = from + slice.length;
    return {
      ...through(view, slice, !!cursor),
      cursor: feedCursor(next),
      hasMore: next < all.length,
      ...base,
    };
  }
}

/** The latest copy of each live entity, in the order a first load brings the types (`Sync.syncOrder`). */
function liveChanges(all: readonly Change[]): Change[] {
  const latest = new Map<string, Change>();
  for (const c of all) latest.set(`${c.type}#${c.entity._id}`, c);
  const rank = (c: Change) => Sync.syncOrder.indexOf(c.type);
  return [...latest.values()].filter((c) => !c.entity._deleted).sort((a, b) => rank(a) - rank(b));
}

function through(view: Sync.SyncView | undefined, changes: readonly Change[], drops: boolean) {
  if (!view) return { changes: [...changes] };
  const sent: Change[] = [];
  const drop: { type: Change['type']; id: string; version: number }[] = [];
  for (const c of changes) {
    const r = Sync.throughView(view, c);
    if (r === 'drop' && drops) drop.push({ type: c.type, id: c.entity._id, version: c.entity._version });
    else if (typeof r === 'object') sent.push(r.send);
  }
  return drop.length ? { changes: sent, drop } : { changes: sent };
}
