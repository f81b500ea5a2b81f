import { describe, expect, it } from 'vitest';
import type { Actor } from '../access/model.ts';
import { loadCommand } from '../areas.ts';
import type { CommandContext } from '../commands/define.ts';
import { executeCommand } from '../commands/execute.ts';
import type { AppError } from '../errors.ts';
import { MemoryStore } from '../store/memory-store.ts';

const actor = (roles: Actor['roles'], flags: Actor['flags'] = ['multiUser']): Actor => ({
  userId: 'u1',
  email: 'me@example.com',
  accountId: 'a1',
  roles,
  level: 'Core',
  subscription: 'subscribed',
  flags,
  developerMode: false,
  settings: {},
});

function context(a: Actor) {
  let n = 0;
  const store = new MemoryStore(() => new Date('2026-11-21T09:00:00Z'));
  const ctx: CommandContext = {
    store,
    actor: a,
    now: new Date('2026-11-21T09:00:00Z'),
    newId: () => `t${++n}`,
    emit() {},
  };
  return { store, ctx };
}
const run = (ctx: CommandContext, name: string, input: unknown) =>
  loadCommand(name).then((def) => executeCommand(def as never, ctx, input));
const code = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: AppError) => e.code,
  );

describe('team commands (teams route: multi-user accounts; changes by Owner and Admin)', () => {
  it('creates, renames and deletes a team', async () => {
    const { ctx, store } = context(actor(['Admin']));
    await run(ctx, 'teams.create', { name: ' North ', memberUserIds: ['u2'] });
    expect(await store.get('team', 't1')).toMatchObject({
      name: 'North',
      memberUserIds: ['u2'],
      colour: '#0d9488',
    });
    await run(ctx, 'teams.update', { _id: 't1', changes: { name: 'North side' } });
    expect(await store.get('team', 't1')).toMatchObject({ name: 'North side', memberUserIds: ['u2'] });
    await run(ctx, 'teams.delete', { _id: 't1' });
    expect(await store.get('team', 't1')).toBeUndefined();
  });

  it.each([
    [['Owner'], ['multiUser'], 'ok'],
    [['Worker'], ['multiUser'], 'access.role-required'],
    [['Owner'], [], 'access.feature-required'],
  ] as const)('%j with flags %j: %s', async (roles, flags, expected) => {
    expect(await code(run(context(actor([...roles], [...flags])).ctx, 'teams.create', { name: 'A' }))).toBe(
      expected,
    );
  });

  it('refuses a blank name and a duplicate name (case-insensitive)', async () => {
    const { ctx } = context(actor(['Owner']));
    expect(await code(run(ctx, 'teams.create', { name: '  ' }))).toBe('teams.name-required');
    await run(ctx, 'teams.create', { name: 'North' });
    expect(await code(run(ctx, 'teams.create', { name: 'north ' }))).toBe('teams.name-taken');
  });
});
