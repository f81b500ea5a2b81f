import type { Actor } from '@roundwise/core';
import type { QueryClient } from '@tanstack/react-query';
import { SyncEngine, type SyncEngineOptions } from './engine.ts';
import type { Transport } from './transport.ts';

/**
 * What the offline layer needs beside the QueryClient: the transport, the signed-in actor (from
 * `GET /api/me`; commands run optimistically as them) and one sync engine per account. Held per
 * QueryClient so mutation defaults (which outlive any component) can reach it after a reload.
 */
export class OfflineRuntime {
  actor: Actor | undefined;
  private readonly engines = new Map<string, SyncEngine>();

  constructor(
    readonly client: QueryClient,
    readonly transport: Transport,
    readonly options: SyncEngineOptions = {},
  ) {}

  engine(accountId: string): SyncEngine {
    let engine = this.engines.get(accountId);
    if (!engine) {
      engine = new SyncEngine(this.client, this.transport, accountId, this.options);
      this.engines.set(accountId, engine);
    }
    return engine;
  }

  /** The engine of the signed-in account, if any. */
  current(): SyncEngine | undefined {
    return this.actor ? this.engine(this.actor.accountId) : undefined;
  }

  setActor(actor: Actor | undefined): void {
    this.actor = actor;
  }
}

const runtimes = new WeakMap<QueryClient, OfflineRuntime>();

export function runtimeOf(client: QueryClient): OfflineRuntime {
  const runtime = runtimes.get(client);
  if (!runtime) throw new Error('This QueryClient was not made by createOfflineQueryClient');
  return runtime;
}

export function setRuntime(client: QueryClient, runtime: OfflineRuntime): void {
  runtimes.set(client, runtime);
}

/** The runtime the app is showing, for `syncNow()` called outside React (drawer's "sync now"). */
let active: OfflineRuntime | undefined;
export const setActiveRuntime = (runtime: OfflineRuntime | undefined) => {
  active = runtime;
};
export const activeRuntime = () => active;
