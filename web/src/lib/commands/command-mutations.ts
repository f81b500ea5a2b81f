import {
  type Actor,
  AppError,
  type Change,
  type CommandDef,
  type CommandInput,
  type CommandLike,
  type CommandResult,
  type DefOf,
  type Entity,
  type EntityType,
  type ErrorParams,
  executeCommand,
  isAppError,
  loadCommand,
  newId,
  statusOf,
} from '@roundwise/core';
import type { QueryClient } from '@tanstack/react-query';
import { answered, isRefusal, isTransient } from '../errors.ts';
import { withErrorWords } from '../i18n.ts';
import { applyChanges, cachedEntity, restoreEntity } from '../sync/cache.ts';
import { runtimeOf } from '../sync/runtime.ts';
import type { CommandAnswer } from '../sync/transport.ts';
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

/** What a command's optimistic run wrote (the mutation's context): what to undo if it is refused. */
export interface OptimisticRun {
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

/**
 * A command's definition by its name, for a command restored from IndexedDB after a reload: its
 * area's module loads on demand (a chunk of its own, precached by the service worker, so it loads
 * offline too). Should it not load at all, the command is still sent, only without the optimistic
 * run: the server decides.
 */
export async function definitionOf(name: string): Promise<CommandDef | undefined> {
  return loadCommand(name).catch(() => undefined);
}

/**
 * Builds the variables for one user action. A create command whose input accepts an `_id` gets
 * one here, so the optimistic entity and the server's are the same entity.
 */
export function commandVariables<D extends CommandDef>(
  command: CommandLike<D>,
  accountId: string,
  input: CommandInput<D>,
): CommandVariables {
  let withId: unknown = input;
  if (takesId(command) && input && typeof input === 'object' && !('_id' in input)) {
    withId = { ...input, _id: newId() };
  }
  return { commandId: newId(), name: command.name, accountId, input: withId };
}

function takesId<D extends CommandDef>(command: CommandLike<D>): boolean {
  if ('takesId' in command) return command.takesId as boolean;
  const shape = (command.input as { shape?: Record<string, unknown> }).shape;
  return !!shape && '_id' in shape;
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
        throw new AppError('unavailable', 'sync.other-account', { accountId: variables.accountId });
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
        engine.reportReachable(answered(e));
        throw e;
      }
    },
    onMutate: (variables: CommandVariables) => runOptimistically(client, variables),
    onSuccess: (answer: CommandAnswer, variables: CommandVariables, context: OptimisticRun | undefined) => {
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
    onError: (error: unknown, variables: CommandVariables, context: OptimisticRun | undefined) => {
      if (!isRefusal(error)) return;
      for (const t of [...(context?.touched ?? [])].reverse()) undo(client, variables, t);
      const local = refusedHere.has(error);
      addRefused(client, {
        commandId: variables.commandId,
        name: variables.name,
        accountId: variables.accountId,
        input: variables.input,
        code: error.code,
        params: error.params,
        status: local ? 0 : statusOf(error),
        at: new Date().toISOString(),
      });
      // The server refused because its data differs from ours: fetch what it has.
      if (!local) void runtimeOf(client).engine(variables.accountId).syncNow();
    },
  });
}

/**
 * Sends a command outside React (same path as `useCommand`): resolves with the server's answer,
 * rejects on a refusal. The cache shows the optimistic result as soon as the command starts.
 */
export function sendCommand<C extends CommandLike>(
  client: QueryClient,
  accountId: string,
  def: C,
  input: CommandInput<DefOf<C>>,
): Promise<CommandAnswer<CommandResult<DefOf<C>>>> {
  type D = DefOf<C>;
  return client
    .getMutationCache()
    .build<CommandAnswer<CommandResult<D>>, unknown, CommandVariables, OptimisticRun>(client, {
      mutationKey: commandKey(def.name),
      scope: commandScope(accountId),
    })
    .execute(commandVariables<D>(def as CommandLike<D>, accountId, input));
}

/** Refusals by the same rules on this device (bad input, no access): the command is not sent at all. */
const refusedHere = new WeakSet<AppError>();

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
): Promise<OptimisticRun> {
  const def = await definitionOf(variables.name);
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
      refusedHere.add(e);
      throw await withErrorWords(e);
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
    const ctx = later.state.context as OptimisticRun | undefined;
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
      const t = (m.state.context as OptimisticRun | undefined)?.touched.find(
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
    for (const t of (m.state.context as OptimisticRun | undefined)?.touched ?? [])
      keys.add(`${t.type}#${t.id}`);
  }
  return keys;
}
