import type { z } from 'zod';
import type { Access } from '../access/check.ts';
import type { Actor } from '../access/model.ts';
import type { PublicLinkKind } from '../public-links.ts';
import type { Store } from '../store/store.ts';

/**
 * Work only the server does (send a mail, enqueue a bulk send, call a provider). A command asks
 * for it with `ctx.emit`; the browser's optimistic run drops effects, the server runs them after
 * the command's writes are stored.
 */
export interface Effect {
  type: string;
  payload: Record<string, unknown>;
  /** Not to be delivered before this moment (ISO): a scheduled message. Absent: at once. */
  dueAt?: string;
}

export interface CommandContext {
  store: Store;
  actor: Actor;
  now: Date;
  /**
   * When the user made the command (the time in its ULID id, `issuedAtOf`), if known; a "today"
   * sent with it is checked against this (`userToday`). Absent: `now` (the browser's own run,
   * which happens as the user acts, and a command id that is not a ULID).
   */
  issuedAt?: Date;
  /** Ids for new entities; deterministic in tests, ULIDs otherwise. */
  newId(): string;
  emit(effect: Effect): void;
  /**
   * True on the server's run, the one whose writes are kept. What must be one across every
   * device (a quote's number from the account's counter) is given only there; a device's own
   * optimistic run leaves it for the server's answer.
   */
  authoritative?: boolean;
  /**
   * The server's run only: a new public link to one record of this account, as its unguessable
   * token (docs/public-links.md). The link is stored in the command's own transaction, so it works
   * from the moment the command answers. Absent on a device's run, as the quote number is.
   */
  publicLink?(kind: PublicLinkKind, recordId: string): string;
}

export interface CommandDef<S extends z.ZodType = z.ZodType, R = unknown> {
  name: string;
  input: S;
  access: Access;
  run(ctx: CommandContext, input: z.output<S>): Promise<R>;
}

/** What a caller passes to a command: its input schema's input (fields with defaults may be left out). */
export type CommandInput<D> = D extends CommandDef<infer S, unknown> ? z.input<S> : never;
/** What a command's run resolves to. */
export type CommandResult<D> = D extends CommandDef<z.ZodType, infer R> ? R : never;

/** Commands are the only way to change synced data (DESIGN.md section 3). */
export function defineCommand<S extends z.ZodType, R>(def: CommandDef<S, R>): CommandDef<S, R> {
  return def;
}
