import {
  type Actor,
  type Change,
  executeCommand,
  isAppError,
  loadCommand,
  MemoryStore,
  newId,
} from '@roundwise/core';
import type { CommandAnswer, Transport } from './transport.ts';
import { TransportError } from './transport.ts';

/**
 * For tests: an in-memory server with the API's command and sync semantics (commands run by core's
 * `executeCommand` on a `MemoryStore`, a replay answered by its `commandId`, a feed with a cursor
 * and `hasMore`), and a switch to take the network down.
 */
export class FakeServer {
  readonly store = new MemoryStore();
  private readonly answers = new Map<string, CommandAnswer | TransportError>();
  /** How many times each commandId reached the server. */
  readonly received = new Map<string, number>();
  online = true;

  constructor(readonly actor: Actor) {}

  /** Runs a command as another device would (not through any client). */
  async run(name: string, input: unknown): Promise<CommandAnswer> {
    return this.transport().command(name, { commandId: newId(), input });
  }

  transport(): Transport {
    return {
      command: async (name, { commandId, input }) => {
        if (!this.online) throw new TransportError(0, 'general.offline');
        this.received.set(commandId, (this.received.get(commandId) ?? 0) + 1);
        let answer = this.answers.get(commandId);
        if (!answer) {
          const def = await loadCommand(name);
          const before = this.store.changes.length;
          try {
            if (!def) throw new TransportError(404, 'command.unknown', { name });
            const result = await executeCommand(
              def as never,
              { store: this.store, actor: this.actor, now: new Date(), newId, emit: () => {} },
              input,
            );
            answer = { commandId, result, changes: this.store.changes.slice(before) as Change[] };
          } catch (e) {
            answer = isAppError(e)
              ? new TransportError(STATUS[e.kind] ?? 400, e.code, e.params)
              : (e as TransportError);
          }
          this.answers.set(commandId, answer);
        }
        if (answer instanceof TransportError) throw answer;
        return answer;
      },
      sync: async (cursor, limit) => {
        if (!this.online) throw new TransportError(0, 'general.offline');
        const from = cursor ? Number(cursor) : 0;
        const changes = this.store.changes.slice(from, from + limit);
        const next = from + changes.length;
        return { changes, cursor: String(next), hasMore: next < this.store.changes.length };
      },
    };
  }
}

const STATUS: Record<string, number> = { validation: 400, forbidden: 403, 'not-found': 404, conflict: 409 };
