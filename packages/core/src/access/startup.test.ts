import { describe, expect, it } from 'vitest';
import type { Me } from '../accounts/schema.ts';
import { AccountSettings, UserSettings } from '../accounts/schema.ts';
import { testActor } from '../testing.ts';
import type { Actor } from './model.ts';
import { defaultRouteFor, landingRoute, startupRedirect } from './startup.ts';

function me(over: {
  roles?: Me['roles'];
  subscription?: Me['subscription'];
  emailVerified?: boolean;
  hideQuickStart?: boolean;
}): Me {
  const subscription = over.subscription ?? 'subscribed';
  const account = {
    accountId: 'a1',
    businessName: 'Sparkle',
    dataEmail: 'o@example.com',
    dataOwnerName: 'O',
    level: 'Ultimate' as const,
    subscription,
    flags: [],
    settings: AccountSettings.parse({}),
    createdDate: '2026-01-01T00:00:00Z',
  };
  return {
    user: {
      userId: 'u1',
      email: 'o@example.com',
      name: 'O',
      emailVerified: over.emailVerified ?? true,
      developerMode: false,
      settings: UserSettings.parse({ hideQuickStart: over.hideQuickStart ?? false }),
    },
    account,
    memberships: [],
    roles: over.roles ?? ['Owner'],
    level: 'Ultimate',
    subscription,
    flags: [],
    developerMode: false,
  };
}

const to = (m: Me, path = '', options = {}) => startupRedirect(m, path, options)?.route ?? 'stay';

describe('startupRedirect (spec 000 section 2.1, in order)', () => {
  it.each([
    // 1. "quickstart when the user is Owner or Admin, quick start is not hidden, subscription status
    //    is undefined (no plan chosen yet: trial), and not already on a subscription or email-settings page"
    ['Owner in trial', me({ subscription: 'trial' }), '', 'quickstart'],
    ['Admin in trial', me({ roles: ['Admin'], subscription: 'trial' }), '', 'quickstart'],
    // ...on startup at the app's start, not over a screen opened by its address (a reload, a link).
    ['Owner in trial reloading a screen', me({ subscription: 'trial' }), 'customers', 'stay'],
    [
      'Owner in trial on the subscription page',
      me({ subscription: 'trial' }),
      'account/subscription',
      'stay',
    ],
    ['Owner in trial on email settings', me({ subscription: 'trial' }), 'email-settings', 'stay'],
    ['Owner in trial already on quickstart', me({ subscription: 'trial' }), 'quickstart', 'stay'],
    ['Owner in trial who hid quick start', me({ subscription: 'trial', hideQuickStart: true }), '', 'stay'],
    ['Planner in trial', me({ roles: ['Planner'], subscription: 'trial' }), '', 'stay'],
    ['Owner with a plan', me({}), '', 'stay'],
    // 2. "Otherwise go to verify-email if the email is unverified"
    ['unverified Owner', me({ emailVerified: false }), '', 'verify-email'],
    ['unverified Owner reloading a screen', me({ emailVerified: false }), 'schedule', 'stay'],
    [
      'unverified Owner in trial goes to quickstart first',
      me({ emailVerified: false, subscription: 'trial' }),
      '',
      'quickstart',
    ],
    [
      'unverified Worker (cannot open verify-email)',
      me({ roles: ['Worker'], emailVerified: false }),
      '',
      'stay',
    ],
    // 3. "if not subscribed: ... about in other cases"
    ['not subscribed', me({ subscription: 'notSubscribed' }), 'schedule', 'about'],
    ['unpaid Worker', me({ roles: ['Worker'], subscription: 'unpaid' }), '', 'about'],
    ['not subscribed on users (still offered)', me({ subscription: 'notSubscribed' }), 'users', 'stay'],
  ] as const)('%s -> %s', (_name, m, path, target) => {
    expect(to(m, path)).toBe(target);
  });

  it('sends an Apple-approved unpaid account to account, other Apple-approved ones to account-subscription', () => {
    expect(to(me({ subscription: 'unpaid' }), '', { appleApp: true })).toBe('account');
    expect(startupRedirect(me({ subscription: 'notSubscribed' }), '', { appleApp: true })).toEqual({
      route: 'account-subscription',
      path: 'account/subscription',
    });
  });

  it('4. shows release notes (about) when there are new ones, and only then', () => {
    expect(to(me({}), 'schedule', { newReleaseNotes: true })).toBe('about');
    expect(to(me({}), 'schedule', { newReleaseNotes: false })).toBe('stay');
  });
});

const actor = (over: Partial<Actor> = {}): Actor =>
  testActor({
    flags: ['multiUser'],
    ...over,
  });

describe('landingRoute (spec 000 section 2.1, the empty path)', () => {
  it('goes to the saved landing page when the user may navigate there', () => {
    expect(landingRoute(actor(), { savedLanding: 'customers', lastVisited: 'rounds' })).toEqual({
      path: 'customers',
      clearSavedLanding: false,
    });
  });
  it('clears a saved landing page the user may not open, then uses the last visited route', () => {
    expect(
      landingRoute(actor({ roles: ['Worker'] }), { savedLanding: 'rounds', lastVisited: 'payments' }),
    ).toEqual({
      path: 'payments',
      clearSavedLanding: true,
    });
  });
  it('falls back to the default route', () => {
    expect(landingRoute(actor({ roles: ['Worker'] }), { lastVisited: 'users' })).toEqual({
      path: 'mywork',
      clearSavedLanding: false,
    });
  });
  it('skips default routes that have no screen in this build', () => {
    expect(landingRoute(actor(), { screensThatExist: new Set(['users', 'about']) }).path).toBe('users');
    expect(defaultRouteFor(actor({ roles: ['Worker'] }), new Set(['users']))).toBe('about');
  });
  it.each([
    [['Owner'], {}, 'schedule'],
    [['Admin'], {}, 'schedule'],
    [['Planner'], {}, 'schedule'],
    [['Worker'], {}, 'mywork'],
    [['Worker'], { flags: [] }, 'day-pilot'],
    [['Creator'], {}, 'customers'],
    [['Reporting'], {}, 'insights'],
    [['Canvasser'], {}, 'canvassing'],
    [['Owner'], { subscription: 'notSubscribed' }, 'users'],
    [['Worker'], { subscription: 'notSubscribed' }, 'about'],
  ] as const)('default route for %j %j is %s', (roles, over, expected) => {
    expect(defaultRouteFor(actor({ roles: [...roles], ...(over as Partial<Actor>) }))).toBe(expected);
  });
});
