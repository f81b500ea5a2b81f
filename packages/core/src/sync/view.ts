import type { Actor } from '../access/model.ts';
import { canNavigate } from '../access/routes.ts';
import type { Change, Entity, EntityType } from '../entity.ts';
import { hash } from './hash.ts';
import {
  projections,
  SYNC_NEEDS_VERSION,
  type SyncNeed,
  type SyncScope,
  syncNeeds,
  syncOrder,
} from './needs.ts';

/** How much of one type a member receives: all fields unless `projection`, all records unless `scopes`. */
export interface TypeView {
  projection?: string;
  scopes?: SyncScope[];
}

/**
 * What one member's devices hold of the account (`viewFor`). Sent with every sync answer, so a
 * device applies the same rules to what it already holds; `key` changes whenever anything in it
 * does (a role, a setting a route's condition reads, the declarations), and a device whose data
 * was loaded under another key reloads (`docs/sync.md`).
 */
export interface SyncView {
  key: string;
  /** The member the scopes are read for. */
  userId: string;
  email: string;
  /** The types received, in the order a first load brings them. */
  types: Partial<Record<EntityType, TypeView>>;
}

/** Who a scope is read for. */
export type ViewMember = Pick<SyncView, 'userId' | 'email'>;

const SEES_ALL_ALERTS = new Set(['Owner', 'Admin', 'Creator']);

/**
 * The view of a member, from the route table: each type's needs whose screens the member may
 * open. The subscription is left out: a lapsed trial closes most screens for a while, and
 * dropping the account's data from every device (to load it all again once paid) protects
 * nothing the same people will not hold again.
 */
export function viewFor(actor: Actor): SyncView {
  // Asked on every sync request: the same actor (everything a route's rule may read) gives the same view.
  const memo = JSON.stringify({ ...actor, subscription: undefined, accountId: undefined });
  const known = views.get(memo);
  if (known) return known;
  const types = typesFor(actor, syncNeeds, syncOrder) as SyncView['types'];
  const member = { userId: actor.userId, email: actor.email.toLowerCase() };
  const view = { key: viewKey(types, member), ...member, types };
  if (views.size >= 1000) views.clear();
  views.set(memo, view);
  return view;
}

/**
 * The types a member receives and how much of each, from `needs` (each type's screens), in `order`:
 * each need whose screens the member may open (`navigate`: the route table's answer).
 */
export function typesFor(
  actor: Actor,
  needs: Record<string, readonly SyncNeed[]>,
  order: readonly string[],
  navigate: typeof canNavigate = canNavigate,
): Record<string, TypeView> {
  const subscribed: Actor = { ...actor, subscription: 'subscribed' };
  const opened = new Map<string, boolean>();
  const opens = (route: string) => {
    let ok = opened.get(route);
    if (ok === undefined) {
      const [name, tab] = route.split(':');
      ok = navigate(subscribed, name as string, tab).ok;
      opened.set(route, ok);
    }
    return ok;
  };
  const types: Record<string, TypeView> = {};
  for (const type of order) {
    let view: TypeView | undefined;
    for (const need of needs[type] ?? []) {
      if (need.roles && !need.roles.some((r) => actor.roles.includes(r))) continue;
      if (!need.routes.some(opens)) continue;
      let scope = need.scope;
      if (scope === 'audience' && actor.roles.some((r) => SEES_ALL_ALERTS.has(r))) scope = undefined;
      view = merge(view, { projection: need.projection, scopes: scope ? [scope] : undefined });
    }
    if (view) types[type] = view;
  }
  return types;
}

/** Views by actor (see `viewFor`); cleared when large, it only saves work. */
const views = new Map<string, SyncView>();

/** Two needs of one type together: the wider of each (all fields beat a projection, all records beat scopes). */
function merge(a: TypeView | undefined, b: TypeView): TypeView {
  if (!a) return b;
  const projection = a.projection && a.projection === b.projection ? a.projection : undefined;
  const scopes = a.scopes && b.scopes ? [...new Set([...a.scopes, ...b.scopes])].sort() : undefined;
  return { ...(projection ? { projection } : {}), ...(scopes ? { scopes } : {}) };
}

/** A short stable key of a view: the declarations' version, the types and, when scoped, the member. */
function viewKey(types: SyncView['types'], member: ViewMember): string {
  const scoped = Object.values(types).some((t) => t.scopes);
  const text = JSON.stringify([SYNC_NEEDS_VERSION, types, scoped ? member : null]);
  return hash(text, 0x811c9dc5) + hash(text, 0x01000193);
}

/** The partition keys a record belongs to under a scope (the snapshot stores each partition apart). */
export function scopeKeysOf(scope: SyncScope, entity: Record<string, unknown>): string[] {
  if (scope === 'mine') {
    // A conflict notice names its member as `userId`; a time event, the spec's `assigneeId`.
    const member = entity.userId ?? entity.assigneeId;
    return typeof member === 'string' ? [member] : [];
  }
  if (scope === 'assigned') {
    const assignees = entity.assignees;
    return Array.isArray(assignees) ? assignees.filter((a): a is string => typeof a === 'string') : [];
  }
  const audience = entity.audience;
  if (!Array.isArray(audience) || audience.length === 0) return [EVERYONE];
  return audience.filter((a): a is string => typeof a === 'string').map((a) => a.toLowerCase());
}

/** The partition keys a member reads under a scope. */
export function scopeKeysFor(scope: SyncScope, member: ViewMember): string[] {
  return scope === 'audience' ? [member.email.toLowerCase(), EVERYONE] : [member.userId];
}

/** The audience partition of alerts for everyone (an email never is `*`). */
const EVERYONE = '*';

/** Is this record one the member receives under `view` (type, then scopes)? Tombstones always are, of a received type. */
export function inScope(type: TypeView, member: ViewMember, entity: Entity): boolean {
  if (!type.scopes || entity._deleted) return true;
  return type.scopes.some((scope) => {
    const mine = scopeKeysFor(scope, member);
    return scopeKeysOf(scope, entity).some((k) => mine.includes(k));
  });
}

/** The record as the view sends it: the projection's fields and the meta fields. */
export function project(type: EntityType, view: TypeView, entity: Entity): Entity {
  if (!view.projection || entity._deleted) return entity;
  const fields = projections[type]?.[view.projection];
  if (!fields) return entity;
  const out: Record<string, unknown> = {
    _id: entity._id,
    _version: entity._version,
    _updatedAt: entity._updatedAt,
  };
  for (const f of fields) if (f in entity) out[f] = (entity as Record<string, unknown>)[f];
  return out as Entity;
}

/**
 * What a device keeps of a record it holds when its view changes from `before` (undefined: a
 * device from before views, which held everything in full) to `after`, before it loads again:
 * the record through the new view when that holds no more of the type than the old one did, else
 * nothing. A projected record cannot be told from a whole one by its version, so a type whose
 * fields widen (a Worker made Admin: cards become customers) is dropped and comes back in full.
 */
export function keptAfterViewChange(
  before: Pick<SyncView, 'types'> | undefined,
  after: Pick<SyncView, 'types' | 'userId' | 'email'>,
  change: Change,
): Entity | undefined {
  const was = before?.types[change.type];
  const now = after.types[change.type];
  if (before && (!was || (was.projection && was.projection !== now?.projection))) return undefined;
  const through = throughView(after, change);
  return typeof through === 'object' ? through.send.entity : undefined;
}

/**
 * One change through a view: `send` (projected), `drop` (a record of a received type that is not
 * the member's: a device holding it must let it go) or `skip` (a type the member does not receive).
 */
export function throughView(
  view: Pick<SyncView, 'types' | 'userId' | 'email'>,
  change: Change,
): { send: Change } | 'drop' | 'skip' {
  const type = view.types[change.type];
  if (!type) return 'skip';
  if (!inScope(type, view, change.entity)) return 'drop';
  const entity = project(change.type, type, change.entity);
  return { send: entity === change.entity ? change : { type: change.type, entity } };
}
