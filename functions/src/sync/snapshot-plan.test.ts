import { type Role, Sync } from '@roundwise/core';
import { testActor } from '@roundwise/core/testing';
import type { SnapshotSection } from '@roundwise/db';
import { describe, expect, it } from 'vitest';
import { planPages, sectionUse } from './snapshot-plan.ts';

/** The customer card as views and snapshots name it (its fields in its name, `Sync.projectionId`). */
const card = Sync.syncNeeds.customer.find((n) => n.projection)?.projection as string;

/** A snapshot as `buildSnapshot` cuts it: customers in full and as cards, visits in full and per assignee. */
const sections: SnapshotSection[] = [
  { type: 'customer', first: 0, counts: [2000, 500] },
  { type: 'customer', projection: card, first: 2, counts: [2500] },
  { type: 'visit', first: 3, counts: [5000, 5000] },
  { type: 'visit', scope: 'assigned', first: 5, counts: [] },
  { type: 'visit', scope: 'assigned', part: 'w1', first: 5, counts: [1200] },
  { type: 'visit', scope: 'assigned', part: 'w2', first: 6, counts: [300] },
  { type: 'transaction', first: 7, counts: [4000] },
];
const view = (roles: Role[], userId = 'w1') =>
  Sync.viewFor(testActor({ roles, userId, email: `${userId}@example.com` }));
const indexes = (v: Sync.SyncView, s = sections) => planPages(s, v).map((p) => p.index);

describe('planPages: the snapshot pages a view loads', () => {
  it('the Owner reads every type in full', () => {
    expect(indexes(view(['Owner']))).toEqual([0, 1, 3, 4, 7]);
  });

  it('a Worker reads the customer cards and their own visits only', () => {
    expect(indexes(view(['Worker']))).toEqual([2, 5]);
    expect(indexes(view(['Worker'], 'w2'))).toEqual([2, 6]);
    // Nothing assigned to them: no visits, and not the whole type either.
    expect(indexes(view(['Worker'], 'w3'))).toEqual([2]);
  });

  it('a snapshot without the view’s sections serves the whole type, through the view', () => {
    const older = sections.filter((s) => !s.projection && !s.scope);
    const worker = view(['Worker']);
    expect(indexes(worker, older)).toEqual([0, 1, 3, 4]);
    expect(older.map((s) => sectionUse(s, worker))).toEqual(['filter', 'filter', undefined]);
  });

  it('a snapshot cut before the card’s fields changed serves the whole customers, through the view', () => {
    // Its cards lack the new fields at the same versions: served as they are, a new device would never get them.
    const older = sections.map((s) => (s.projection ? { ...s, projection: 'card' } : s));
    const worker = view(['Worker']);
    expect(indexes(worker, older)).toEqual([0, 1, 5]);
    expect(sectionUse(older[1]!, worker)).toBeUndefined();
  });
});

describe('sectionUse: may a page go to this member, and how', () => {
  const worker = view(['Worker']);
  it.each<[string, SnapshotSection, ReturnType<typeof sectionUse>]>([
    ['their cards, as stored', sections[1]!, 'as-is'],
    ['the whole customers, through the view', sections[0]!, 'filter'],
    ['their partition, as stored', sections[4]!, 'as-is'],
    ['someone else’s partition: never', sections[5]!, undefined],
    ['a type they do not receive: never', sections[6]!, undefined],
  ])('%s', (_, section, use) => {
    expect(sectionUse(section, worker)).toBe(use);
  });

  it('a partition of a type the member holds in full is theirs as stored', () => {
    expect(sectionUse(sections[5]!, view(['Owner']))).toBe('as-is');
  });
});
