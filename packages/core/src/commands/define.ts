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

export interface CommandDef<S extends z.ZodType = z.ZodType, R = unknown, N extends string = string> {
  name: N;
  input: S;
  access: Access;
  run(ctx: CommandContext, input: z.output<S>): Promise<R>;
}

/** What a caller passes to a command: its input schema's input (fields with defaults may be left out). */
export type CommandInput<D> = D extends CommandDef<infer S, unknown> ? z.input<S> : never;
/** What a command's run resolves to. */
export type CommandResult<D> = D extends CommandDef<z.ZodType, infer R> ? R : never;

/** Commands are the only way to change synced data (DESIGN.md section 3). */
export function defineCommand<S extends z.ZodType, R, N extends string>(
  def: CommandDef<S, R, N>,
): CommandDef<S, R, N> {
  return def;
}

/** True when a command's input takes the new entity's `_id` (a create): the caller makes one. */
type TakesId<D> = '_id' extends keyof NonNullable<CommandInput<D>> ? true : false;

/** Only in types: a reference is made by `commandRef`, never written by hand. */
declare const definition: unique symbol;

/**
 * A command named for a screen without loading its code (its input schema, built with zod): the
 * definition is a type only, so the name and `takesId` are checked against it by the compiler and
 * the code loads by name when the command runs (`loadCommand`). Made beside the area's commands
 * (`<area>/refs.ts`), used exactly like the definition: `useCommand(VisitRefs.complete)`.
 */
export interface CommandRef<D extends CommandDef = CommandDef> {
  readonly name: D['name'];
  /** Whether the input takes `_id`: the caller gives a create's entity its id before it is sent. */
  readonly takesId: TakesId<D>;
  readonly [definition]: D;
}

/** A reference to the command `D` (imported with `import type`, so none of its code loads). */
export function commandRef<D extends CommandDef>(name: D['name'], takesId: TakesId<D>): CommandRef<D> {
  return { name, takesId } as CommandRef<D>;
}

/** A command as a screen passes it: its definition, or a reference to it. */
export type CommandLike<D extends CommandDef = CommandDef> =
  | D
  | (CommandDef extends D
      ? { readonly name: string; readonly takesId: boolean; readonly [definition]: CommandDef }
      : CommandRef<D>);
/** The definition a `CommandLike` stands for. */
export type DefOf<C> = C extends CommandRef<infer D> ? D : Extract<C, CommandDef>;
