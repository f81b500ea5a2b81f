import { describe, expect, it } from 'vitest';
import type { Role } from '../access/model.ts';
import type { Entity } from '../entity.ts';
import { testActor } from '../testing.ts';
import { projectionId } from './needs.ts';
import { keptAfterViewChange, throughView, viewFor } from './view.ts';

const member = (roles: Role[], over: Parameters<typeof testActor>[0] = {}) =>
  testActor({ roles, flags: ['multiUser'], ...over });

/** `type` or `type:projection/scope` for each type the view holds, in load order (projections by their declared name). */
const summary = (roles: Role[], over: Parameters<typeof testActor>[0] = {}) =>
  Object.entries(viewFor(member(roles, over)).types).map(
    ([type, v]) =>
      type +
      (v?.projection ? `:${v.projection.split('.')[0]}` : '') +
      (v?.scopes ? `/${v.scopes.join('+')}` : ''),
  );

describe('what each role receives (the sync matrix, docs/architecture.md)', () => {
  it.each<[Role, string[]]>([
    [
      'Owner',
      [
        'round',
        'service',
        'team',
        'alert',
        'customer',
        'job',
        'visit',
        'quote',
        'quoteSettings',
        'transaction',
        'paymentAccount',
        'notification',
        'conflict/mine',
        'creditBalance',
        'creditPurchase',
        'attachment',
        'portalDirectory',
        'portalLayout',
        'portalPublished',
        'portalWidget',
        'supplier',
        'expenseCategory',
        'expense',
        'balanceSettings',
        'journalEntry',
        'bankConnection',
        'bankLine',
        'timeEvent/mine',
      ],
    ],
    [
      'Admin',
      [
        'round',
        'service',
        'team',
        'alert',
        'customer',
        'job',
        'visit',
        'quote',
        'quoteSettings',
        'transaction',
        'paymentAccount',
        'notification',
        'conflict/mine',
        'creditBalance',
        'creditPurchase',
        'attachment',
        'portalDirectory',
        'portalLayout',
        'portalPublished',
        'portalWidget',
        'supplier',
        'expenseCategory',
        'expense',
        'balanceSettings',
        'journalEntry',
        'bankConnection',
        'bankLine',
        'timeEvent/mine',
      ],
    ],
    [
      'Creator',
      [
        'round',
        'service',
        'team',
        'alert',
        'customer',
        'job',
        'visit',
        'quote',
        'quoteSettings',
        'transaction',
        'paymentAccount',
        'notification',
        'conflict/mine',
        'creditBalance',
        'attachment',
        'portalDirectory',
        'portalLayout',
        'portalPublished',
        'portalWidget',
        'timeEvent/mine',
      ],
    ],
    // Planners plan the schedule and see the dashboard's takings; not notes, quotes or messages.
    [
      'Planner',
      [
        'round',
        'service',
        'team',
        'alert/audience',
        'customer:card',
        'job',
        'visit',
        'transaction',
        'paymentAccount',
        'conflict/mine',
        'attachment',
        'portalDirectory',
        'portalLayout',
        'portalPublished',
        'portalWidget',
        'timeEvent/mine',
      ],
    ],
    // Workers: their own visits and jobs, who and where the customers are, their alerts, and the
    // credit balance the "On my way" text spends.
    [
      'Worker',
      [
        'round',
        'service',
        'team',
        'alert/audience',
        'customer:card',
        'job/assigned',
        'visit/assigned',
        'conflict/mine',
        'creditBalance',
        'attachment',
        'portalDirectory',
        'portalLayout',
        'portalPublished',
        'portalWidget',
        'timeEvent/mine',
      ],
    ],
    // Every role may open a visit of its own (mywork/{id} is Core, no roles).
    [
      'Canvasser',
      [
        'round',
        'service',
        'team',
        'alert/audience',
        'customer:card',
        'job/assigned',
        'visit/assigned',
        'attachment',
        'portalDirectory',
        'portalLayout',
        'portalPublished',
        'portalWidget',
        'timeEvent/mine',
      ],
    ],
    [
      'Reporting',
      [
        'round',
        'service',
        'team',
        'alert/audience',
        'customer:card',
        'job/assigned',
        'visit/assigned',
        'attachment',
        'portalDirectory',
        'portalLayout',
        'portalPublished',
        'portalWidget',
        'timeEvent/mine',
      ],
    ],
    // The attachments library and the portal directory (spec 000 section 2.3: Advanced, no roles
    // named; its data is what the public portal shows) are every role's; the books are Owner's and
    // Admin's (docs/balance.md).
  ])('%s', (role, expected) => {
    expect(summary([role])).toEqual(expected);
  });

  it('custom fields reach devices only with the metadata feature; a Worker gets the answers of their visits', () => {
    const withFields = { flags: ['multiUser', 'metadata'] as const };
    const fields = (role: Role) =>
      summary([role], { flags: [...withFields.flags] }).filter((t) => t.startsWith('field'));
    expect(fields('Owner')).toEqual(['fieldSchema', 'fieldLinker', 'fieldValues']);
    expect(fields('Planner')).toEqual(['fieldSchema', 'fieldLinker', 'fieldValues']);
    expect(fields('Worker')).toEqual(['fieldSchema', 'fieldLinker', 'fieldValues/assigned']);
    expect(summary(['Owner']).filter((t) => t.startsWith('field'))).toEqual([]);
  });

  it('a Worker receives transactions only while the account shows owing to workers', () => {
    expect(summary(['Worker'])).not.toContain('transaction');
    expect(summary(['Worker'], { settings: { showOwingToWorkers: true } })).toContain('transaction');
  });

  it('teams come with the multi-user flag (the teams route needs it) for roles without planning screens', () => {
    expect(summary(['Worker'], { flags: [] })).not.toContain('team');
    expect(summary(['Owner'], { flags: [] })).toContain('team'); // the users screen lists them
  });

  it('roles add up: a Worker who is also a Creator gets full customers and every record of their jobs', () => {
    const both = summary(['Worker', 'Creator']);
    expect(both).toContain('customer');
    expect(both).toContain('job');
    expect(both).toContain('visit');
  });

  it('ignores the subscription: a lapsed trial keeps the data its screens will show again', () => {
    expect(summary(['Worker'], { subscription: 'notSubscribed' })).toEqual(summary(['Worker']));
  });

  it('the key changes with what is received, and with the member (each has their own conflict notices)', () => {
    const owner = viewFor(member(['Owner']));
    expect(viewFor(member(['Owner'], { userId: 'u2', email: 'u2@example.com' })).key).not.toBe(owner.key);
    const worker = viewFor(member(['Worker']));
    expect(worker.key).not.toBe(owner.key);
    expect(viewFor(member(['Worker'], { userId: 'u2' })).key).not.toBe(worker.key);
    expect(viewFor(member(['Worker'], { settings: { showOwingToWorkers: true } })).key).not.toBe(worker.key);
    expect(viewFor(member(['Worker'])).key).toBe(worker.key);
  });
});

describe('throughView', () => {
  const worker = viewFor(member(['Worker'], { userId: 'w1', email: 'Will@Example.com' }));
  const entity = (fields: Record<string, unknown>): Entity =>
    ({ _id: 'x1', _version: 3, _updatedAt: '2026-11-20T10:00:00.000Z', ...fields }) as Entity;

  it('sends a customer card without notes, email or payment details, with the ways they chose to be contacted', () => {
    const customer = entity({
      name: 'Ann',
      address: { addressDescription: '1 Mill Road', isVerified: false },
      state: 'active',
      notes: 'Key under the mat',
      email: 'ann@example.com',
      telephoneNumber: '01632 960000',
      contactMethods: ['sms'],
    });
    expect(throughView(worker, { type: 'customer', entity: customer })).toEqual({
      send: {
        type: 'customer',
        entity: {
          _id: 'x1',
          _version: 3,
          _updatedAt: '2026-11-20T10:00:00.000Z',
          name: 'Ann',
          address: { addressDescription: '1 Mill Road', isVerified: false },
          state: 'active',
          telephoneNumber: '01632 960000',
          // The ways the customer chose: "On my way" is a text only to one who chose SMS.
          contactMethods: ['sms'],
        },
      },
    });
  });

  it('sends the member’s own visits, drops the others’, skips types the member does not receive', () => {
    const mine = entity({ jobId: 'j1', assignees: ['w2', 'w1'] });
    expect(throughView(worker, { type: 'visit', entity: mine })).toEqual({
      send: { type: 'visit', entity: mine },
    });
    expect(throughView(worker, { type: 'visit', entity: entity({ assignees: ['w2'] }) })).toBe('drop');
    expect(throughView(worker, { type: 'job', entity: entity({ assignees: [] }) })).toBe('drop');
    expect(throughView(worker, { type: 'transaction', entity: entity({ amount: 5 }) })).toBe('skip');
    expect(throughView(worker, { type: 'quote', entity: entity({}) })).toBe('skip');
  });

  it('alerts by audience (spec 000 section 6): everyone, or the member’s email in any case', () => {
    const alert = (audience: string[]) => ({ type: 'alert' as const, entity: entity({ audience }) });
    expect(throughView(worker, alert([]))).not.toBe('drop');
    expect(throughView(worker, alert(['will@example.com']))).not.toBe('drop');
    expect(throughView(worker, alert(['boss@example.com']))).toBe('drop');
    const owner = viewFor(member(['Owner']));
    expect(throughView(owner, alert(['boss@example.com']))).not.toBe('drop');
  });

  it('a tombstone of a received type always goes through (the device may hold it)', () => {
    const gone = entity({ _deleted: true });
    expect(throughView(worker, { type: 'job', entity: gone })).toEqual({
      send: { type: 'job', entity: gone },
    });
  });
});

describe('keptAfterViewChange (a role changed: what the device keeps before it loads again)', () => {
  const customer = {
    type: 'customer' as const,
    entity: { _id: 'c1', _version: 2, _updatedAt: '', name: 'Ann', state: 'active', notes: 'Key' } as Entity,
  };
  const invoice = {
    type: 'transaction' as const,
    entity: { _id: 't1', _version: 1, _updatedAt: '' } as Entity,
  };
  const admin = viewFor(member(['Admin']));
  const worker = viewFor(member(['Worker']));

  it('narrowing: records become what the new view holds of them, other types go', () => {
    expect(keptAfterViewChange(admin, worker, customer)).toEqual({
      _id: 'c1',
      _version: 2,
      _updatedAt: '',
      name: 'Ann',
      state: 'active',
    });
    expect(keptAfterViewChange(admin, worker, invoice)).toBeUndefined();
  });

  it('widening fields: a card cannot become the whole customer at the same version, so it goes and reloads', () => {
    const card = keptAfterViewChange(admin, worker, customer) as Entity;
    expect(keptAfterViewChange(worker, admin, { type: 'customer', entity: card })).toBeUndefined();
  });

  it('a projection whose fields changed: the device drops what it holds of the old one, and loads it again', () => {
    const card = keptAfterViewChange(admin, worker, customer) as Entity;
    // What a Worker's device held before the card carried the contact methods.
    const before = { ...worker, types: { ...worker.types, customer: { projection: 'card' } } };
    expect(keptAfterViewChange(before, worker, { type: 'customer', entity: card })).toBeUndefined();
    // The same fields: the card stays.
    expect(keptAfterViewChange(worker, worker, { type: 'customer', entity: card })).toEqual(card);
    // Its name as views and snapshots give it carries its fields.
    expect(worker.types.customer?.projection).toMatch(/^card\.\w{7}$/);
    expect(projectionId('card', ['name', 'state'])).not.toBe(
      projectionId('card', ['name', 'state', 'email']),
    );
  });

  it('a device from before views held everything in full: it keeps what the view holds', () => {
    expect(keptAfterViewChange(undefined, admin, customer)).toBe(customer.entity);
    expect(keptAfterViewChange(undefined, worker, invoice)).toBeUndefined();
  });
});
