import type { RouteDef } from './access/route-def.ts';
import type { CommandDef } from './commands/define.ts';
import type { SyncNeed } from './sync-need.ts';

/** A synced entity type an area owns. */
export interface EntityDecl<T extends string = string> {
  type: T;
  /**
   * The one parent field the entity is listed by (`Store.listBy`; the table's second index), e.g. a
   * job's `customerId`. Absent: the type is only ever read whole or by id.
   */
  parent?: string;
  /**
   * The screens that read it from the offline store, so which members' devices receive it and how
   * much of it (`sync-need.ts`). Empty: an online-only type, never sent to a device.
   */
  sync: readonly SyncNeed[];
  /** Named projections: the fields (besides the meta fields) another area's screen reads of it. */
  projections?: Record<string, readonly string[]>;
}

/**
 * An area's registration (docs/architecture.md, "Adding an area"): its name, which is also the
 * prefix of its command names (`customers.create`), the entity types it owns, its screens' route
 * rows, and its command module, loaded on demand so a screen carries only the commands of its own
 * area and a command queued offline can still be run after a restart by loading its area from
 * its name.
 */
export interface Area<N extends string = string, T extends string = string> {
  name: N;
  entities: readonly EntityDecl<T>[];
  commands?: () => Promise<object>;
  /**
   * The route-table rows of its screens (spec 000 section 2.3): who may open each, which the API's
   * guards, the web router, the drawer and the sync view read (`access/routes.ts` collects them).
   */
  routes?: readonly RouteDef[];
  /**
   * The kinds of durable effect its commands emit (`ctx.emit`). The server handles each, and checks
   * so when it starts (`functions/src/areas.ts`): an effect with no handler fails the start, not
   * the first send.
   */
  effects?: readonly string[];
}

export function defineArea<const N extends string, const T extends string = never>(
  area: Area<N, T>,
): Area<N, T> {
  return area;
}

/** The command definitions a loaded command module exports (its other exports are helpers). */
export function commandsOf(module: object): CommandDef[] {
  return Object.values(module).filter(isCommandDef);
}

function isCommandDef(value: unknown): value is CommandDef {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<CommandDef>;
  return typeof v.name === 'string' && typeof v.run === 'function' && v.input !== undefined && !!v.access;
}
