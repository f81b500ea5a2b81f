import { describe, expect, it } from 'vitest';
import { testActor } from '../testing.ts';
import { featureLevel } from './features.ts';
import type { Actor } from './model.ts';
import { canNavigate, matchRoute, routes, routeTable } from './routes.ts';

const actor = testActor;

const allowed = (a: Actor, name: string, tab?: string) => canNavigate(a, name, tab).ok;
const codeOf = (a: Actor, name: string, tab?: string) => {
  const r = canNavigate(a, name, tab);
  return r.ok ? 'ok' : r.error.code;
};

describe('route table (spec 000 section 2.3)', () => {
  it.each([
    // route, role, allowed?
    ['customers', 'Owner', true],
    ['customers', 'Creator', true],
    ['customers', 'Worker', false],
    ['rounds', 'Admin', true],
    ['rounds', 'Planner', false],
    ['schedule', 'Planner', true],
    ['schedule', 'Worker', false],
    ['quotes', 'Creator', true],
    ['quotes', 'JobEditor', false],
    ['invoices', 'Creator', false],
    ['dashboard', 'Planner', true],
    ['dashboard', 'Creator', false],
    ['users', 'Admin', true],
    ['users', 'Worker', false],
    ['account', 'Admin', false],
    ['account', 'Owner', true],
    ['day-pilot', 'Worker', true],
    ['day-pilot', 'Admin', false],
    ['canvassing', 'Canvasser', true],
    ['canvassing', 'Owner', false],
    ['insights', 'Reporting', true],
    ['payments', 'Worker', true],
  ] as const)('%s for %s: %s', (route, role, ok) => {
    expect(allowed(actor({ roles: [role] }), route)).toBe(ok);
  });

  it('refuses a role with the role key, a level with the level key and a flag with the feature key', () => {
    expect(codeOf(actor({ roles: ['Worker'] }), 'customers')).toBe('access.role-required');
    expect(codeOf(actor({ level: 'Core' }), 'attachments')).toBe('access.level-required');
    expect(codeOf(actor({ level: 'Advanced' }), 'balance')).toBe('access.level-required');
    expect(codeOf(actor(), 'send')).toBe('access.feature-required');
    expect(codeOf(actor({ flags: ['send'] }), 'send')).toBe('ok');
  });

  it('marketplace needs the buyer or the seller feature', () => {
    expect(allowed(actor(), 'marketplace')).toBe(false);
    expect(allowed(actor({ flags: ['marketplaceBuyer'] }), 'marketplace')).toBe(true);
    expect(allowed(actor({ flags: ['marketplaceSeller'] }), 'marketplace')).toBe(true);
  });

  it('owing is shown to workers only when the account shows owing to workers', () => {
    expect(allowed(actor({ roles: ['Worker'] }), 'owing')).toBe(false);
    expect(allowed(actor({ roles: ['Worker'], settings: { showOwingToWorkers: true } }), 'owing')).toBe(true);
    expect(allowed(actor({ roles: ['Planner'] }), 'pending')).toBe(true);
  });

  it('tabs carry their own rules: rounds/pending needs Advanced, balance-sheet Ultimate, insights customers Owner/Admin', () => {
    expect(allowed(actor({ level: 'Core' }), 'rounds', 'active')).toBe(true);
    expect(allowed(actor({ level: 'Core' }), 'rounds', 'pending')).toBe(false);
    expect(allowed(actor({ level: 'Advanced' }), 'chart-of-accounts', 'default')).toBe(true);
    expect(allowed(actor({ level: 'Advanced' }), 'chart-of-accounts', 'balance-sheet')).toBe(false);
    expect(allowed(actor({ roles: ['Reporting'] }), 'insights', 'reports')).toBe(true);
    expect(allowed(actor({ roles: ['Reporting'] }), 'insights', 'customers')).toBe(false);
  });

  it('developer mode opens analytics; audit needs the feature, and for other roles than Owner and Admin developer mode or a support user', () => {
    expect(allowed(actor(), 'analytics')).toBe(false);
    expect(allowed(actor({ developerMode: true }), 'analytics')).toBe(true);
    expect(allowed(actor({ developerMode: true }), 'audit')).toBe(false);
    expect(allowed(actor({ roles: ['Owner'], flags: ['audit'] }), 'audit')).toBe(true);
    expect(allowed(actor({ roles: ['Admin'], flags: ['audit'] }), 'audit')).toBe(true);
    expect(allowed(actor({ roles: ['Planner'], flags: ['audit'] }), 'audit')).toBe(false);
    expect(allowed(actor({ roles: ['Planner'], flags: ['audit'], developerMode: true }), 'audit')).toBe(true);
    expect(allowed(actor({ roles: ['Planner'], flags: ['audit'], supportUser: true }), 'audit')).toBe(true);
  });

  it('a feature needs the plan its screens need: balance and metadata Ultimate, send any plan', () => {
    expect(featureLevel('balance')).toBe('Ultimate');
    expect(featureLevel('metadata')).toBe('Ultimate');
    expect(featureLevel('send')).toBeUndefined();
    expect(featureLevel('audit')).toBeUndefined();
  });

  it('mywork is for Workers in multi-user accounts; teams for multi-user accounts', () => {
    expect(allowed(actor({ roles: ['Worker'] }), 'mywork')).toBe(false);
    expect(allowed(actor({ roles: ['Worker'], flags: ['multiUser'] }), 'mywork')).toBe(true);
    expect(allowed(actor({ flags: ['multiUser'] }), 'teams')).toBe(true);
  });

  it('when not subscribed, users, account and about stay reachable and work routes do not', () => {
    const lapsed = actor({ subscription: 'notSubscribed' });
    expect(codeOf(lapsed, 'customers')).toBe('access.not-subscribed');
    for (const name of ['users', 'account', 'account-subscription', 'about', 'verify-email']) {
      expect(allowed(lapsed, name)).toBe(true);
    }
    expect(allowed(actor({ subscription: 'unpaid' }), 'schedule')).toBe(false);
    expect(allowed(actor({ subscription: 'trial' }), 'schedule')).toBe(true);
  });

  it('matches browser paths to routes with their parameters', () => {
    expect(matchRoute('customers')?.route.name).toBe('customers');
    expect(matchRoute('customers/c1/jobs')?.params).toEqual({ customerId: 'c1', tab: 'jobs' });
    expect(matchRoute('schedule/2026-11-21')?.params).toEqual({ date: '2026-11-21' });
    expect(matchRoute('tracker/anything/deep')?.route.name).toBe('tracker');
    expect(matchRoute('users/audit')?.route.name).toBe('users-audit');
    expect(matchRoute('users')?.route.name).toBe('users');
    expect(matchRoute('mywork/o1')?.route.name).toBe('mywork-item');
    expect(matchRoute('account/subscription/true')?.route.name).toBe('account-subscription');
    expect(matchRoute('nope')).toBeUndefined();
  });

  it('has one entry per name', () => {
    const names = routes.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("gives each browser path one route, so the areas' order in the table changes no match", () => {
    for (const route of routes) {
      const path = route.path.replace(/\{[^}]+\}/g, 'x').replace('*', 'a/b');
      expect(matchRoute(path)?.route.name, path).toBe(route.name);
      const others = routes.filter((r) => r !== route && routeTable([r]).matchRoute(path));
      expect(
        others.map((r) => r.name),
        path,
      ).toEqual([]);
    }
  });
});
