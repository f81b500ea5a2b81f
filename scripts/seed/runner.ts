import {
  type Actor,
  type CommandDef,
  type Entity,
  type EntityType,
  executeCommand,
  MemoryStore,
} from '@roundwise/core';
import type { z } from 'zod';
import { type Prng, seededUlid } from './prng.ts';

/**
 * Plays a business's history through the app's own commands, on a memory store, as the account's
 * Owner: each step is scheduled at the moment it happens and the steps run in time order, so the
 * command's `now`, the store's stamps (`_updatedAt`) and the ids it makes (`newId`: a ULID
 * stamped at that moment, its random part from the seed's id stream) all come from the seed's
 * clock, never the wall clock. A rule changed in core reaches the seed data by itself.
 */
/** Steps of one part of the history, each at the moment it happens. */
export class Timeline {
  readonly steps: { ms: number; seq: number; act: () => Promise<unknown> }[] = [];

  /** Schedules `act` at `ms`; steps at the same moment run in the order they were scheduled. */
  at(ms: number, act: () => Promise<unknown>): void {
    this.steps.push({ ms, seq: this.steps.length, act });
  }
}

export class SeedRunner {
  readonly store: MemoryStore;
  private nowMs = 0;

  constructor(
    private readonly actor: Actor,
    private readonly idRandom: Prng,
  ) {
    this.store = new MemoryStore(() => new Date(this.nowMs));
  }

  /** A ULID stamped at `ms`, from the seed's id stream (as `newId` inside a command at `ms`). */
  id(ms: number): string {
    return seededUlid(ms, this.idRandom);
  }

  /**
   * Runs a timeline's steps in time order. Every few hundred steps it lets the event loop run, so
   * a loader writing the parts already played keeps the table busy meanwhile (commands on a
   * memory store only ever wait for promises that are already settled).
   */
  async play(timeline: Timeline): Promise<void> {
    const steps = timeline.steps.sort((a, b) => a.ms - b.ms || a.seq - b.seq);
    for (const [i, step] of steps.entries()) {
      this.nowMs = step.ms;
      await step.act();
      if (i % 256 === 255) await new Promise((resolve) => setImmediate(resolve));
    }
    steps.length = 0;
  }
  /** Runs a command now (at the current step's moment), as the Owner: validated, access-checked. */
  run<S extends z.ZodType, R>(def: CommandDef<S, R>, input: z.input<S>): Promise<R> {
    const ms = this.nowMs;
    return executeCommand(
      def as unknown as CommandDef<never, R>,
      {
        store: this.store,
        actor: this.actor,
        now: new Date(ms),
        newId: () => this.id(ms),
        // Server-only work (mail, providers) is not the seed's: nothing leaves the machine.
        emit: () => {},
      },
      input,
    );
  }

  /**
   * Stores an entity of an area that has no commands yet (transactions, quotes, messages),
   * stamped at `ms`, after its core schema has checked it: the seed writes no field its schema
   * does not know, and misses none it requires.
   */
  record<S extends z.ZodType<{ _id: string }>>(
    type: EntityType,
    schema: S,
    value: z.input<S>,
    ms: number,
  ): Promise<Entity<z.output<S>>> {
    this.nowMs = ms;
    return this.store.put(type, schema.parse(value) as z.output<S> & { _id: string }) as Promise<
      Entity<z.output<S>>
    >;
  }
}
