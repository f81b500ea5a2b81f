import { describe, expect, it } from 'vitest';
import type { Actor } from '../access/model.ts';
import { loadCommand } from '../areas.ts';
import type { CommandContext } from '../commands/define.ts';
import { executeCommand } from '../commands/execute.ts';
import { AppError } from '../errors.ts';
import { MemoryStore } from '../store/memory-store.ts';
import type { Alert } from './schema.ts';
import { alertsVisibleTo, unreadAlertCount } from './visible.ts';

const actor = (roles: Actor['roles'], email = 'me@example.com'): Actor => ({
  userId: `u-${roles[0]}`,
  email,
  accountId: 'a1',
  roles,
  level: 'Core',
  subscription: 'subscribed',
  flags: [],
  developerMode: false,
  settings: {},
});

const alerts = [
  { _id: 'all', audience: [], readBy: [] },
  { _id: 'mine', audience: ['ME@example.com'], readBy: [] },
  { _id: 'other', audience: ['other@example.com'], readBy: ['u-Owner'] },
];
const ids = (a: { _id: string }[]) => a.map((x) => x._id);

describe('alertsVisibleTo (spec 000 section 6)', () => {
  it.each([
    // "Admin, Owner and Creator see all alerts; others see only alerts whose audience includes their own email"
    ['Owner', ['all', 'mine', 'other']],
    ['Admin', ['all', 'mine', 'other']],
    ['Creator', ['all', 'mine', 'other']],
    ['Worker', ['all', 'mine']],
    ['Planner', ['all', 'mine']],
  ] as const)('%s sees %j', (role, expected) => {
    expect(ids(alertsVisibleTo(actor([role]), alerts))).toEqual(expected);
  });
  it('counts unread visible alerts for the badge', () => {
    expect(unreadAlertCount(actor(['Owner']), alerts)).toBe(2);
    expect(unreadAlertCount(actor(['Worker'], 'x@example.com'), alerts)).toBe(1);
  });
});

function context(a: Actor, store = new MemoryStore(() => new Date('2026-11-21T09:00:00Z'))) {
  let n = 0;
  const ctx: CommandContext = {
    store,
    actor: a,
    now: new Date('2026-11-21T09:00:00Z'),
    newId: () => `id${++n}`,
    emit() {},
  };
  return { store, ctx };
}
const run = (ctx: CommandContext, name: string, input: unknown) =>
  loadCommand(name).then((def) => executeCommand(def as never, ctx, input));

describe('alert commands', () => {
  it('alerts.create is for Owner and Admin', async () => {
    const { ctx } = context(actor(['Admin']));
    const alert = (await run(ctx, 'alerts.create', {
      title: ' Rain ',
      audience: ['W@example.com'],
    })) as Alert;
    expect(alert).toMatchObject({
      title: 'Rain',
      audience: ['w@example.com'],
      readBy: [],
      createdDate: '2026-11-21T09:00:00.000Z',
    });
    const refused = await run(context(actor(['Worker'])).ctx, 'alerts.create', { title: 'x' }).catch(
      (e) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('access.role-required');
  });

  it('alerts.mark-read records the reader once, and only for an alert they may see', async () => {
    const { ctx, store } = context(actor(['Owner']));
    await run(ctx, 'alerts.create', { _id: 'a1', title: 'For Will', audience: ['will@example.com'] });
    const will = context(actor(['Worker'], 'will@example.com'), store).ctx;
    await run(will, 'alerts.mark-read', { _id: 'a1' });
    const again = (await run(will, 'alerts.mark-read', { _id: 'a1' })) as Alert;
    expect(again.readBy).toEqual(['u-Worker']);
    const stranger = context(actor(['Worker'], 'sam@example.com'), store).ctx;
    const refused = await run(stranger, 'alerts.mark-read', { _id: 'a1' }).catch((e) => e);
    expect((refused as AppError).code).toBe('alerts.not-found');
  });
});
