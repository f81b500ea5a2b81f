import { describe, expect, it } from 'vitest';
import type { Actor } from '../access/model.ts';
import type { CommandContext } from '../commands/define.ts';
import type { Customer } from '../customers/schema.ts';
import type { Job } from '../jobs/schema.ts';
import { rejection, testActor } from '../testing.ts';
import { NOW, scheduleFixture } from '../visits/fixture.ts';
import type { VisitRecord } from '../visits/record.ts';
import { type Conflict, conflictId } from './schema.ts';

/**
 * Two people edit one record, one of them offline. The later edit
 * (by when it was made, the time in its command id) wins each field; the person whose value lost
 * is told with a conflict record; notes keep both sides' lines when they merge.
 */
const owner = testActor({ userId: 'owner', email: 'owner@example.com', roles: ['Owner'] });
const admin = testActor({ userId: 'admin', email: 'admin@example.com', roles: ['Admin'] });
const worker = testActor({
  userId: 'worker',
  email: 'w@example.com',
  roles: ['Worker'],
  flags: ['multiUser'],
});

/** A context for `actor` whose command was made at `made` (minutes after 09:00 on NOW's day). */
async function setup() {
  const f = await scheduleFixture(owner);
  const at = (actor: Actor, minute: number): CommandContext => ({
    ...f.ctxOf(actor),
    issuedAt: new Date(NOW.getTime() - 60 * 60_000 + minute * 60_000),
  });
  const conflicts = () => f.store.list<Conflict>('conflict');
  return { ...f, at, conflicts };
}

describe('customers: one field edited on two devices', () => {
  it("the Owner's older offline edit arrives after the Admin's newer one: the Admin's value stays and the Owner is told", async () => {
    const f = await setup();
    await f.run(
      'customers.update',
      { _id: 'C1', changes: { telephoneNumber: '01223 100100' } },
      f.at(owner, 0),
    );
    // 09:10 Owner, offline, changes the telephone; 09:11 the Admin does, online, and it is stored.
    await f.run(
      'customers.update',
      { _id: 'C1', changes: { telephoneNumber: '01223 222222' }, base: { telephoneNumber: '01223 100100' } },
      f.at(admin, 11),
    );
    // The Owner reconnects: their edit, made at 09:10, arrives.
    await f.run(
      'customers.update',
      { _id: 'C1', changes: { telephoneNumber: '01223 111111' }, base: { telephoneNumber: '01223 100100' } },
      f.at(owner, 10),
    );
    expect((await f.store.get<Customer>('customer', 'C1'))?.telephoneNumber).toBe('01223 222222');
    expect(await f.conflicts()).toEqual([
      expect.objectContaining({
        _id: conflictId('owner', 'C1', 'telephoneNumber'),
        userId: 'owner',
        entityType: 'customer',
        entityId: 'C1',
        customerId: 'C1',
        field: 'telephoneNumber',
        yours: '01223 111111',
        kept: '01223 222222',
        keptBy: 'admin',
      }),
    ]);
  });

  it('the offline edit was made later: it wins, and the Admin whose value it replaced is told', async () => {
    const f = await setup();
    await f.run('customers.update', { _id: 'C1', changes: { email: 'ann@old.example' } }, f.at(owner, 0));
    await f.run(
      'customers.update',
      { _id: 'C1', changes: { email: 'ann@admin.example' }, base: { email: 'ann@old.example' } },
      f.at(admin, 10),
    );
    await f.run(
      'customers.update',
      { _id: 'C1', changes: { email: 'ann@owner.example' }, base: { email: 'ann@old.example' } },
      f.at(owner, 20),
    );
    expect((await f.store.get<Customer>('customer', 'C1'))?.email).toBe('ann@owner.example');
    expect(await f.conflicts()).toEqual([
      expect.objectContaining({
        userId: 'admin',
        yours: 'ann@admin.example',
        kept: 'ann@owner.example',
        keptBy: 'owner',
      }),
    ]);
  });

  it('edits of different fields both apply and tell no one', async () => {
    const f = await setup();
    await f.run(
      'customers.update',
      { _id: 'C1', changes: { telephoneNumber: '1', email: 'a@x.example' } },
      f.at(owner, 0),
    );
    await f.run(
      'customers.update',
      { _id: 'C1', changes: { telephoneNumber: '2' }, base: { telephoneNumber: '1' } },
      f.at(admin, 11),
    );
    await f.run(
      'customers.update',
      { _id: 'C1', changes: { email: 'b@x.example' }, base: { email: 'a@x.example' } },
      f.at(owner, 10),
    );
    expect(await f.store.get<Customer>('customer', 'C1')).toMatchObject({
      telephoneNumber: '2',
      email: 'b@x.example',
    });
    expect(await f.conflicts()).toEqual([]);
  });

  it('an edit made after seeing the other one is no conflict, however late it arrives', async () => {
    const f = await setup();
    await f.run('customers.update', { _id: 'C1', changes: { mobileNumber: '07700 900001' } }, f.at(admin, 5));
    await f.run(
      'customers.update',
      { _id: 'C1', changes: { mobileNumber: '07700 900002' }, base: { mobileNumber: '07700 900001' } },
      f.at(owner, 1),
    );
    expect((await f.store.get<Customer>('customer', 'C1'))?.mobileNumber).toBe('07700 900002');
    expect(await f.conflicts()).toEqual([]);
  });

  it('both add a line to the notes, one offline: both lines are kept, nobody is told', async () => {
    const f = await setup();
    await f.run('customers.update', { _id: 'C1', changes: { notes: 'Side gate' } }, f.at(owner, 0));
    await f.run(
      'customers.update',
      { _id: 'C1', changes: { notes: 'Side gate\nAdmin: pays by cheque' }, base: { notes: 'Side gate' } },
      f.at(admin, 11),
    );
    await f.run(
      'customers.update',
      { _id: 'C1', changes: { notes: 'Side gate\nOwner: dog in garden' }, base: { notes: 'Side gate' } },
      f.at(owner, 10),
    );
    expect((await f.store.get<Customer>('customer', 'C1'))?.notes).toBe(
      'Side gate\nOwner: dog in garden\nAdmin: pays by cheque',
    );
    expect(await f.conflicts()).toEqual([]);
  });

  it('both rewrite the same line of the notes: the later text is kept and the other person gets theirs back to apply', async () => {
    const f = await setup();
    await f.run('customers.update', { _id: 'C1', changes: { notes: 'Gate code 1234' } }, f.at(owner, 0));
    await f.run(
      'customers.update',
      { _id: 'C1', changes: { notes: 'Gate code 9999' }, base: { notes: 'Gate code 1234' } },
      f.at(admin, 11),
    );
    await f.run(
      'customers.update',
      { _id: 'C1', changes: { notes: 'Gate code 4321' }, base: { notes: 'Gate code 1234' } },
      f.at(owner, 10),
    );
    expect((await f.store.get<Customer>('customer', 'C1'))?.notes).toBe('Gate code 9999');
    expect(await f.conflicts()).toEqual([
      expect.objectContaining({
        userId: 'owner',
        field: 'notes',
        yours: 'Gate code 4321',
        kept: 'Gate code 9999',
      }),
    ]);
  });

  it('applying theirs again is a new, later edit that wins; the notice is then dismissed by its owner only', async () => {
    const f = await setup();
    await f.run('customers.update', { _id: 'C1', changes: { telephoneNumber: '1' } }, f.at(owner, 0));
    await f.run(
      'customers.update',
      { _id: 'C1', changes: { telephoneNumber: '2' }, base: { telephoneNumber: '1' } },
      f.at(admin, 11),
    );
    await f.run(
      'customers.update',
      { _id: 'C1', changes: { telephoneNumber: '3' }, base: { telephoneNumber: '1' } },
      f.at(owner, 10),
    );
    const [notice] = await f.conflicts();
    // One tap: theirs again, on the value they were shown as kept.
    await f.run(
      'customers.update',
      { _id: 'C1', changes: { telephoneNumber: notice?.yours }, base: { telephoneNumber: notice?.kept } },
      f.at(owner, 30),
    );
    expect((await f.store.get<Customer>('customer', 'C1'))?.telephoneNumber).toBe('3');
    const refused = await rejection(f.run('conflicts.dismiss', { _id: notice?._id }, f.at(admin, 31)));
    expect(refused.code).toBe('conflicts.not-found');
    await f.run('conflicts.dismiss', { _id: notice?._id }, f.at(owner, 31));
    expect(await f.conflicts()).toEqual([]);
  });
});

describe('jobs: one field edited on two devices', () => {
  it('the later price wins and the earlier editor is told; a field nobody else touched still applies', async () => {
    const f = await setup();
    await f.job({ _id: 'J1' });
    await f.run('jobs.update', { _id: 'J1', changes: { price: 25 }, base: { price: 20 } }, f.at(admin, 11));
    await f.run(
      'jobs.update',
      { _id: 'J1', changes: { price: 22, notes: 'Ladder needed' }, base: { price: 20, notes: '' } },
      f.at(owner, 10),
    );
    expect(await f.store.get<Job>('job', 'J1')).toMatchObject({ price: 25, notes: 'Ladder needed' });
    expect(await f.conflicts()).toEqual([
      expect.objectContaining({
        userId: 'owner',
        entityType: 'job',
        entityId: 'J1',
        customerId: 'C1',
        field: 'price',
        yours: 22,
        kept: 25,
      }),
    ]);
  });

  it("both add a line to a job's notes: both kept", async () => {
    const f = await setup();
    await f.job({ _id: 'J1', notes: 'Front and back' });
    await f.run(
      'jobs.update',
      { _id: 'J1', changes: { notes: 'Front and back\nConservatory' }, base: { notes: 'Front and back' } },
      f.at(admin, 11),
    );
    await f.run(
      'jobs.update',
      { _id: 'J1', changes: { notes: 'Front and back\nGutters' }, base: { notes: 'Front and back' } },
      f.at(owner, 10),
    );
    expect((await f.store.get<Job>('job', 'J1'))?.notes).toBe('Front and back\nGutters\nConservatory');
    expect(await f.conflicts()).toEqual([]);
  });
});

describe('visits: notes and planning edited on two devices', () => {
  const visit = { jobId: 'J1', isoDueDate: '2026-11-16' };

  it("a worker's line and the planner's line on a visit's notes are both kept", async () => {
    const f = await setup();
    await f.job({ _id: 'J1', assignees: ['worker'] });
    await f.run('visits.notes', { ...visit, notes: 'Back gate locked' }, f.at(owner, 0));
    await f.run(
      'visits.notes',
      { ...visit, notes: 'Back gate locked\nCall on arrival', base: { notes: 'Back gate locked' } },
      f.at(owner, 11),
    );
    await f.run(
      'visits.notes',
      { ...visit, notes: 'Back gate locked\nKey under mat', base: { notes: 'Back gate locked' } },
      f.at(worker, 10),
    );
    expect((await f.store.get<VisitRecord>('visit', 'J1-20261116'))?.notes).toBe(
      'Back gate locked\nKey under mat\nCall on arrival',
    );
    expect(await f.conflicts()).toEqual([]);
  });

  it('two planners move one visit to different days: the later move stays, the earlier planner is told with the visit to act on', async () => {
    const f = await setup();
    await f.job({ _id: 'J1' });
    await f.run(
      'visits.move',
      { ...visit, isoPlannedDate: '2026-11-18', base: { isoPlannedDate: '2026-11-16' } },
      f.at(admin, 11),
    );
    await f.run(
      'visits.move',
      { ...visit, isoPlannedDate: '2026-11-17', base: { isoPlannedDate: '2026-11-16' } },
      f.at(owner, 10),
    );
    expect((await f.store.get<VisitRecord>('visit', 'J1-20261116'))?.isoPlannedDate).toBe('2026-11-18');
    expect(await f.conflicts()).toEqual([
      expect.objectContaining({
        userId: 'owner',
        entityType: 'visit',
        field: 'isoPlannedDate',
        yours: '2026-11-17',
        kept: '2026-11-18',
        visit,
      }),
    ]);
  });

  it('a later reprice wins over an earlier one that arrives after it, and the loser is told', async () => {
    const f = await setup();
    await f.job({ _id: 'J1' });
    await f.run('visits.reprice', { ...visit, price: 18, base: { price: 20 } }, f.at(owner, 20));
    await f.run('visits.reprice', { ...visit, price: 30, base: { price: 20 } }, f.at(admin, 5));
    expect((await f.store.get<VisitRecord>('visit', 'J1-20261116'))?.price).toBe(18);
    expect(await f.conflicts()).toEqual([
      expect.objectContaining({ userId: 'admin', field: 'price', yours: 30, kept: 18 }),
    ]);
  });
});
