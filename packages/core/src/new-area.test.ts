import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteDef } from './access/route-def.ts';
import { matchRoute, routesOf, routeTable } from './access/routes.ts';
import { areas, commandLookup } from './areas.ts';
import { defineCommand, type Effect } from './commands/define.ts';
import { executeCommand } from './commands/execute.ts';
import { defineArea } from './define-area.ts';
import type { EntityType } from './entity.ts';
import type { AppError } from './errors.ts';
import { MemoryStore } from './store/memory-store.ts';
import { syncNeedsOf, syncOrderOf } from './sync/needs.ts';
import { typesFor } from './sync/view.ts';
import { testActor } from './testing.ts';

/**
 * The recipe of docs/architecture.md ("Adding an area"), steps 1 and 2, followed for a throwaway
 * area held in memory and collected by the same functions the real list goes through: what the
 * area declares (its screen's route row included) reaches the route table, sync, access and the
 * command lookup with no other edit. (The server's
 * part, step 3, is functions/src/areas.test.ts; the words, step 4, web/src/locales/by-area.test.ts.)
 */
// Its screen: Owner and Admin, like the other settings.
const widgets: RouteDef = {
  name: 'widgets',
  path: 'widgets/{widgetId?}',
  section: 'configure',
  roles: ['Owner', 'Admin'],
};

const add = defineCommand({
  name: 'throwaway.add',
  input: z.object({ id: z.string(), label: z.string() }),
  // Whoever may open its screen, as the real areas' commands take their route's rule.
  access: widgets,
  async run(ctx, input) {
    const widget = await ctx.store.put('widget' as EntityType, { _id: input.id, label: input.label });
    ctx.emit({ type: 'throwaway.ping', payload: { id: input.id } });
    return widget;
  },
});

const throwaway = defineArea({
  name: 'throwaway',
  entities: [{ type: 'widget', sync: [{ routes: ['widgets'] }] }],
  routes: [widgets],
  commands: async () => ({ add }),
  effects: ['throwaway.ping'],
});

const list = [...areas, throwaway];
const table = routeTable(routesOf(list));
const owner = testActor({ roles: ['Owner'] });
const worker = testActor({ roles: ['Worker'], flags: ['multiUser'] });

function run(actor: typeof owner, input: unknown) {
  const store = new MemoryStore(() => new Date('2026-11-21T09:00:00Z'));
  const emitted: Effect[] = [];
  const ctx = {
    store,
    actor,
    now: new Date('2026-11-21T09:00:00Z'),
    newId: () => 'n1',
    emit: (e: Effect) => emitted.push(e),
  };
  const result = commandLookup(list)
    .load('throwaway.add')
    .then((def) => executeCommand(def as never, ctx, input))
    .then(
      () => 'ok',
      (e: AppError) => e.code,
    );
  return { store, emitted, result };
}

describe('a new area, from its declaration alone', () => {
  it('has its screen in the route table: matched by path, opened by its people only', () => {
    expect(table.matchRoute('widgets/w1')).toEqual({ route: widgets, params: { widgetId: 'w1' } });
    expect(table.canNavigate(owner, 'widgets')).toEqual({ ok: true });
    const refused = table.canNavigate(worker, 'widgets');
    expect(refused.ok || refused.error.code).toBe('access.role-required');
    // The real table is unchanged by the lookup.
    expect(matchRoute('widgets/w1')).toBeUndefined();
  });

  it("reaches the devices of those who may open its screens, and no one else's", () => {
    const needs = syncNeedsOf(list);
    const order = syncOrderOf(needs);
    expect(order.at(-1)).toBe('widget');
    expect(typesFor(owner, needs, order, table.canNavigate).widget).toEqual({});
    expect(typesFor(worker, needs, order, table.canNavigate).widget).toBeUndefined();
    // The real areas' view is unchanged by the lookup.
    expect(typesFor(worker, syncNeedsOf(areas), syncOrderOf(syncNeedsOf(areas))).widget).toBeUndefined();
  });

  it('has its commands found by name, run for its people and refused to the others', async () => {
    const lookup = commandLookup(list);
    expect((await lookup.load('throwaway.add'))?.name).toBe('throwaway.add');
    expect((await lookup.all()).filter((c) => c.name.startsWith('throwaway.'))).toHaveLength(1);
    expect(await commandLookup(areas).load('throwaway.add')).toBeUndefined();

    const allowed = run(owner, { id: 'w1', label: 'Ladder' });
    expect(await allowed.result).toBe('ok');
    expect(await allowed.store.get('widget' as EntityType, 'w1')).toMatchObject({ label: 'Ladder' });
    expect(allowed.emitted).toEqual([{ type: 'throwaway.ping', payload: { id: 'w1' } }]);

    const refused = run(worker, { id: 'w1', label: 'Ladder' });
    expect(await refused.result).toBe('access.role-required');
    expect(await refused.store.list('widget' as EntityType)).toEqual([]);
    expect(refused.emitted).toEqual([]);
  });
});
