import {
  type Actor,
  type Change,
  type CommandDef,
  type Entity,
  type EntityType,
  type ErrorParams,
  executeCommand,
  isAppError,
  newId,
} from '@roundwise/core';
import type { QueryClient } from '@tanstack/react-query';
import { applyChanges, cachedEntity, restoreEntity } from '../sync/cache.ts';
import { runtimeOf } from '../sync/runtime.ts';
import {
  type CommandAnswer,
  errorBody,
  isRefusal,
  isTransient,
  statusOf,
  TransportError,
} from '../sync/transport.ts';
import { CacheStore } from './cache-store.ts';

/**
 * A command as the user asked for it. Made once, when the user acts (`commandId` included), and
 * persisted with the paused mutation: every retry and every replay after a reload sends exactly
 * these variables, so the server's idempotency by `commandId` makes the command apply once.
 */
export interface CommandVariables {
  commandId: string;
  name: string;
  accountId: string;
  input: unknown;
}

/** One entity an optimistic run wrote: what it was before and what the run made it. */
export interface Touched {
  type: EntityType;
  id: string;
  before: Entity | undefined;
  after: Entity;
}

export interface CommandContext {
  touched: Touched[];
}

/** A command the server (or the same rules run locally) refused: the UI lists these until dismissed. */
export interface RefusedCommand {
  commandId: string;
  name: string;
  accountId: string;
  input: unknown;
  code: string;
  params: ErrorParams;
  /** HTTP status of the refusal; 0 when refused locally before sending. */
  status: number;
  at: string;
}

export const commandKey = (name: string) => ['command', name] as const;
export const commandScope = (accountId: string) => ({ id: `commands:${accountId}` });
export const refusedKey = ['refused'] as const;

let registry: Promise<ReadonlyMap<string, CommandDef> | undefined> | undefined;

/**
 * Core's command definitions, a chunk of their own rather than part of the app's entry: they are
 * most of core's code and the first paint needs none of them (issue 3's initial JavaScript). The
 * shell fetches them when idle (`preloadCommandsWhenIdle`); a command made before that waits for
 * them. The service worker precaches the chunk with the rest of the app, so it loads offline too.
 * Should it not load at all, commands are still made and sent, only without the optimistic run:
 * the server decides.
 */
export function loadCommands(): Promise<ReadonlyMap<string, CommandDef> | undefined> {
  registry ??= import('@roundwise/core/commands/registry').then(
    (module) => module.commands,
    () => {
      registry = undefined;
      return undefined;
    },
  );
  return registry;
}

/**
 * Fetches the definitions once the browser is idle after the shell's first paint, so they are not
 * part of what the first screen waits for, yet are in memory before the user acts: a change made
 * offline on a first visit, before the service worker has cached the app, still shows at once.
 */
export function preloadCommandsWhenIdle(): void {
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  whenIdle(() => void loadCommands());
}

/**
 * Builds the variables for one user action. A create command whose input accepts an `_id` gets
 * one here, so the optimistic entity and the server's are the same entity. Asynchronous only the
 * first time (the definitions load); calls made together resolve in the order they were made.
 */
export async function commandVariables(
  name: string,
  accountId: string,
  input: unknown,
): Promise<CommandVariables> {
  const def = (await loadCommands())?.get(name);
  const shape = (def?.input as { shape?: Record<string, unknown> } | undefined)?.shape;
  let withId = input;
  if (shape && '_id' in shape && input && typeof input === 'object' && !('_id' in input)) {
    withId = { ...input, _id: newId() };
  }
  return { commandId: newId(), name, accountId, input: withId };
}

/** Backoff for transient failures: 1 s, 2 s, 4 s ... capped at 30 s; retried for as long as it takes. */
export const commandRetryDelay = (failureCount: number) => Math.min(1000 * 2 ** failureCount, 30_000);

/**
 * Registers how every command mutation runs, under the key `['command']`: the options live on the
 * client, not in components, so mutations restored paused from IndexedDB after a reload run the
 * same way as fresh ones.
 */
export function registerCommandDefaults(
  client: QueryClient,
  retryDelay: (failureCount: number) => number = commandRetryDelay,
): void {
  client.setMutationDefaults(['command'], {
    networkMode: 'offlineFirst',
    // Never give up on a transient failure: the command is the user's work.
    retry: (_count: number, error: unknown) => isTransient(error),
    retryDelay,
    mutationFn: async (variables: CommandVariables) => {
      const runtime = runtimeOf(client);
      if (runtime.actor?.accountId !== variables.accountId) {
        // The session is on another account: sending would apply this command there. Wait.
        throw new TransportError(0, 'sync.other-account', { accountId: variables.accountId });
      }
      const engine = runtime.engine(variables.accountId);
      try {
        const answer = await runtime.transport.command(variables.name, {
          commandId: variables.commandId,
          input: variables.input,
        });
        engine.reportReachable(true);
        return answer;
      } catch (e) {
        engine.reportReachable(statusOf(e) !== 0 && statusOf(e) !== undefined);
        throw e;
      }
    },
    onMutate: (variables: CommandVariables) => runOptimistically(client, variables),
    onSuccess: (answer: CommandAnswer, variables: CommandVariables, context: CommandContext | undefined) => {
      // A throw here would mark the command failed: read the answer defensively.
      const changes = Array.isArray(answer?.changes) ? answer.changes : [];
      applyChanges(client, variables.accountId, changes, 'server');
      // What the optimistic run wrote and the server did not (it decided otherwise): undo.
      const confirmed = new Set(changes.map((c) => `${c.type}#${c.entity._id}`));
      for (const t of [...(context?.touched ?? [])].reverse()) {
        if (!confirmed.has(`${t.type}#${t.id}`)) undo(client, variables, t);
      }
      void runtimeOf(client).engine(variables.accountId).syncNow();
    },
    onError: (error: unknown, variables: CommandVariables, context: CommandContext | undefined) => {
      if (!isRefusal(error) && !(error instanceof LocalRefusal)) return;
      for (const t of [...(context?.touched ?? [])].reverse()) undo(client, variables, t);
      const { code, params } = errorBody(error);
      addRefused(client, {
        commandId: variables.commandId,
        name: variables.name,
        accountId: variables.accountId,
        input: variables.input,
        code,
        params,
        status: error instanceof LocalRefusal ? 0 : (statusOf(error) ?? 0),
        at: new Date().toISOString(),
      });
      // The server refused because its data differs from ours: fetch what it has.
      if (!(error instanceof LocalRefusal)) void runtimeOf(client).engine(variables.accountId).syncNow();
    },
  });
}

/**
 * Sends a command outside React (same path as `useCommand`): resolves with the server's answer,
 * rejects on a refusal. The cache shows the optimistic result as soon as the command starts.
 */
export function sendCommand<R = unknown>(
  client: QueryClient,
  accountId: string,
  name: string,
  input: unknown,
): Promise<CommandAnswer<R>> {
  return commandVariables(name, accountId, input).then((variables) =>
    client
      .getMutationCache()
      .build<CommandAnswer<R>, unknown, CommandVariables, CommandContext>(client, {
        mutationKey: commandKey(name),
        scope: commandScope(accountId),
      })
      .execute(variables),
  );
}

/** A command the same rules refuse on this device (bad input, no access): not sent at all. */
export class LocalRefusal extends Error {
  constructor(
    readonly code: string,
    readonly params: ErrorParams,
  ) {
    super(code);
    this.name = 'LocalRefusal';
  }
}

/**
 * Runs the command's own core code against the cache, as `actor` (the signed-in user; a restore
 * passes the one the device holds), and applies its writes at once. Effects are
 * dropped (the server runs them). A local refusal of the input or access stops the command; any
 * other local failure (say the cache lacks an entity the server has) just skips the optimism and
 * lets the server decide.
 */
export async function runOptimistically(
  client: QueryClient,
  variables: CommandVariables,
  actor: Actor | undefined = runtimeOf(client).actor,
): Promise<CommandContext> {
  const def = (await loadCommands())?.get(variables.name);
  if (!def || !actor || actor.accountId !== variables.accountId) return { touched: [] };
  const store = new CacheStore(client, variables.accountId);
  try {
    await executeCommand(
      def as never,
      { store, actor, now: new Date(), newId, emit: () => {} },
      structuredClone(variables.input),
    );
  } catch (e) {
    if (isAppError(e) && (e.kind === 'validation' || e.kind === 'forbidden')) {
      throw new LocalRefusal(e.code, e.params);
    }
    return { touched: [] };
  }
  const touched = new Map<string, Touched>();
  for (const { type, entity } of store.changes) {
    const key = `${type}#${entity._id}`;
    const seen = touched.get(key);
    if (seen) seen.after = entity;
    else
      touched.set(key, {
        type,
        id: entity._id,
        before: cachedEntity(client, variables.accountId, type, entity._id),
        after: entity,
      });
  }
  applyChanges(client, variables.accountId, store.changes as Change[], 'local');
  return { touched: [...touched.values()] };
}

const sameWrite = (a: Entity | undefined, b: Entity) =>
  !!a &&
  a._version === b._version &&
  !!a._deleted === !!b._deleted &&
  (!!a._deleted || a._updatedAt === b._updatedAt);

/**
 * Undoes one optimistic write. If the cache still shows it, the entity goes back to `before`. If a
 * later pending command has written over it since, that command's write stays on screen and it
 * inherits `before`, so if it is refused in turn, the entity goes back to the true earlier state.
 * Anything else (a sync brought the server's copy) is already right.
 */
function undo(client: QueryClient, variables: CommandVariables, t: Touched): void {
  const current = cachedEntity(client, variables.accountId, t.type, t.id);
  if (sameWrite(current, t.after)) {
    restoreEntity(client, variables.accountId, t.type, t.id, t.before);
    return;
  }
  const all = client.getMutationCache().findAll({ mutationKey: ['command'] });
  const index = all.findIndex(
    (m) => (m.state.variables as CommandVariables | undefined)?.commandId === variables.commandId,
  );
  for (const later of all.slice(index + 1)) {
    if (later.state.status !== 'pending') continue;
    const ctx = later.state.context as CommandContext | undefined;
    const heir = ctx?.touched.find((x) => x.type === t.type && x.id === t.id);
    if (heir) {
      heir.before = t.before;
      return;
    }
  }
}

function addRefused(client: QueryClient, refused: RefusedCommand): void {
  client.setQueryData<RefusedCommand[]>(refusedKey, (prev = []) =>
    prev.some((r) => r.commandId === refused.commandId) ? prev : [...prev, refused],
  );
}

/** Removes a refusal from the list once the user has seen it. */
export function dismissRefused(client: QueryClient, commandId: string): void {
  client.setQueryData<RefusedCommand[]>(refusedKey, (prev = []) =>
    prev.filter((r) => r.commandId !== commandId),
  );
}

/**
 * A sync brought the server's copy of entities that pending commands have written over locally.
 * The cache keeps the optimistic copy, but the earliest such command now remembers the server's
 * copy as the state to go back to if it is refused (not the older one it saw when it ran).
 */
export function rebaseOnServer(client: QueryClient, accountId: string, changes: readonly Change[]): void {
  const pending = client
    .getMutationCache()
    .findAll({ mutationKey: ['command'], status: 'pending' })
    .filter((m) => (m.state.variables as CommandVariables | undefined)?.accountId === accountId);
  for (const { type, entity } of changes) {
    for (const m of pending) {
      const t = (m.state.context as CommandContext | undefined)?.touched.find(
        (x) => x.type === type && x.id === entity._id,
      );
      if (!t) continue;
      if (!t.before || entity._version > t.before._version) t.before = entity;
      break;
    }
  }
}

/** Keys (`type#id`) of entities pending commands wrote optimistically: a full reload keeps them. */
export function pendingKeys(client: QueryClient): Set<string> {
  const keys = new Set<string>();
  for (const m of client.getMutationCache().findAll({ mutationKey: ['command'], status: 'pending' })) {
    for (const t of (m.state.context as CommandContext | undefined)?.touched ?? [])
      keys.add(`${t.type}#${t.id}`);
  }
  return keys;
}
