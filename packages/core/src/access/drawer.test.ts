import { describe, expect, it } from 'vitest';
import { testActor } from '../testing.ts';
import { alertBadgeText, drawerModel, reloadUrl } from './drawer.ts';
import type { Actor } from './model.ts';
import { DrawerSections } from './route-def.ts';
import { routes } from './routes.ts';

const actor = (over: Partial<Actor> = {}): Actor =>
  testActor({
    flags: ['multiUser', 'send', 'franchise', 'balance'],
    franchiseOwner: true,
    ...over,
  });
const all = new Set(routes.map((r) => r.name));
const model = (a: Actor, over = {}) => drawerModel(a, { screensThatExist: all, version: '1.2.3', ...over });
const entries = (a: Actor, over = {}) =>
  model(a, over).sections.flatMap((s) => s.entries.map((e) => e.route));
const kinds = (a: Actor, over = {}) => model(a, over).fixed.map((f) => f.kind);

describe('drawerModel (spec 000 section 2.2)', () => {
  it("groups routes by section in the spec's order", () => {
    const order = model(actor()).sections.map((s) => s.section);
    expect(order).toEqual(DrawerSections.filter((s) => order.includes(s)));
    expect(order).toEqual([
      'integrations',
      'franchise',
      'work',
      'customers',
      'send',
      'billing',
      'balance',
      'finance',
      'configure',
    ]);
  });

  it('makes franchise (titled franchising) and balance collapsible', () => {
    const sections = model(actor()).sections;
    const franchise = sections.find((s) => s.section === 'franchise')!;
    expect(franchise).toMatchObject({ collapsible: true, titleKey: 'drawer.section.franchising' });
    expect(sections.find((s) => s.section === 'balance')?.collapsible).toBe(true);
    expect(sections.find((s) => s.section === 'work')?.collapsible).toBe(false);
  });

  it('lists only routes the actor may navigate to', () => {
    expect(entries(actor())).toEqual(expect.arrayContaining(['users', 'rounds', 'schedule', 'customers']));
    const worker = entries(actor({ roles: ['Worker'] }));
    expect(worker).toEqual(expect.arrayContaining(['mywork', 'day-pilot', 'payments']));
    for (const name of ['users', 'rounds', 'customers', 'schedule', 'services'])
      expect(worker).not.toContain(name);
  });

  it('lists only routes whose screen exists', () => {
    expect(entries(actor(), { screensThatExist: new Set(['users', 'teams']) })).toEqual(['users', 'teams']);
  });

  it('"When not subscribed, users is the only route offered"', () => {
    expect(entries(actor({ subscription: 'notSubscribed' }))).toEqual(['users']);
  });

  it('shows badges in the sections that carry them, capped at 99+', () => {
    const inbox = model(actor(), { badges: { unread: 120 } })
      .sections.flatMap((s) => s.entries)
      .find((e) => e.route === 'inbox');
    expect(inbox?.badge).toBe('99+');
  });

  it.each([
    // fixed entry, actor, options, shown?
    ['upgrade', actor({ subscription: 'notSubscribed' }), {}, true],
    ['upgrade', actor({ subscription: 'notSubscribed', roles: ['Admin'] }), {}, false],
    ['upgrade', actor({ subscription: 'notSubscribed' }), { appleApp: true }, false],
    ['upgrade', actor(), {}, false],
    ['training-academy', actor({ roles: ['Worker'] }), {}, true],
    ['about', actor({ roles: ['Worker'] }), {}, true],
    ['sync-now', actor(), {}, true],
    ['sync-now', actor({ subscription: 'unpaid' }), {}, false],
    ['sign-out', actor({ subscription: 'unpaid' }), {}, true],
    ['install-app', actor(), { installable: true }, true],
    ['install-app', actor(), { installable: false }, false],
    ['install-app', actor({ subscription: 'notSubscribed' }), { installable: true }, false],
    ['reload-app', actor(), {}, true],
  ] as const)('fixed entry %s: %#', (kind, a, options, shown) => {
    expect(kinds(a, options).includes(kind)).toBe(shown);
  });

  it('keeps the fixed entries in the spec order and the upgrade entry goes to account', () => {
    const m = model(actor({ subscription: 'notSubscribed' }), { installable: true });
    expect(m.fixed.map((f) => f.kind)).toEqual([
      'upgrade',
      'training-academy',
      'about',
      'sign-out',
      'reload-app',
    ]);
    expect(m.fixed[0]).toEqual({ kind: 'upgrade', path: 'account' });
  });

  it.each([
    // header link rules (spec 000 sections 2.2 and 6)
    [actor(), {}, { settings: true, account: true }],
    [actor({ roles: ['Admin'] }), {}, { settings: true, account: false }],
    [actor({ roles: ['Admin'], subscription: 'notSubscribed' }), {}, { settings: false, account: false }],
    [actor({ roles: ['Worker'] }), {}, { settings: false, account: false }],
    [actor(), { appleApp: true }, { settings: true, account: false }],
    [actor({ developerMode: true }), { appleApp: true }, { settings: true, account: true }],
  ] as const)('header links %#', (a, options, expected) => {
    expect(model(a, options).header).toEqual({ profile: true, ...expected });
  });

  it('shows the roles and v plus the version at the foot', () => {
    const m = model(actor({ roles: ['Admin', 'Planner'] }));
    expect(m.roles).toBe('Admin, Planner');
    expect(m.version).toBe('v1.2.3');
  });

  it('lists the connected-accounts menu in multi-user accounts and toggles it only with several accounts', () => {
    expect(model(actor(), { accountCount: 1 }).accountsMenu).toEqual({ listed: true, toggles: false });
    expect(model(actor(), { accountCount: 2 }).accountsMenu).toEqual({ listed: true, toggles: true });
    expect(model(actor({ flags: [] }), { accountCount: 1 }).accountsMenu).toEqual({
      listed: false,
      toggles: false,
    });
  });
});

describe('alertBadgeText (spec 000 section 9: "Alert badge caps at 99+")', () => {
  it.each([
    [0, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [5000, '99+'],
  ])('%i -> %j', (count, text) => expect(alertBadgeText(count)).toBe(text));
});

describe('reloadUrl (spec 000 section 9: "a random number from 1000 to 10000")', () => {
  it.each([
    [0, '1000'],
    [0.5, '5500'],
    [0.99999, '9999'],
    [1, '10000'],
  ])('random %d -> v=%s', (random, value) => {
    expect(new URL(reloadUrl('https://app.example/schedule?x=1', random)).searchParams.get('v')).toBe(value);
  });
  it('keeps the path and other query values', () => {
    expect(reloadUrl('https://app.example/schedule?x=1', 0)).toBe('https://app.example/schedule?x=1&v=1000');
  });
});
