import type { Actor } from '../access/model.ts';
import { loadCommand } from '../areas.ts';
import type { CommandContext } from '../commands/define.ts';
import { executeCommand } from '../commands/execute.ts';
import type { Job } from '../jobs/schema.ts';
import { MemoryStore } from '../store/memory-store.ts';
import { testActor } from '../testing.ts';

/** Test support for the schedule commands (not used at run time): a store with one customer. */
export const NOW = new Date('2026-11-21T10:00:00Z');

export async function scheduleFixture(actor: Actor = testActor()) {
  let n = 0;
  const store = new MemoryStore(() => NOW);
  const ctxOf = (a: Actor): CommandContext => ({
    store,
    actor: a,
    now: NOW,
    newId: () => `id${++n}`,
    emit() {},
  });
  const ctx = ctxOf(actor);
  await store.put('customer', { _id: 'C1', name: 'Ann Smith', createdDate: NOW.toISOString() });
  await store.put('service', {
    _id: 'S1',
    name: 'Window cleaning',
    description: '',
    defaultPrice: 20,
    defaultDuration: 30,
  });
  await store.put('round', { _id: 'R1', description: 'Mill Road', color: '#2563eb', schedules: [] });
  const job = (over: Partial<Job> & { _id: string }) =>
    store.put<Job>('job', {
      customerId: 'C1',
      rounds: ['R1'],
      date: '2026-11-02',
      price: 20,
      frequencyType: 'Weeks',
      frequencyInterval: 1,
      services: ['S1'],
      notes: '',
      assignees: [],
      createdDate: NOW.toISOString(),
      location: { addressDescription: '12 Mill Road', isVerified: false },
      ...over,
    });
  const run = (name: string, input: unknown, as: CommandContext = ctx) =>
    loadCommand(name).then((def) => executeCommand(def as never, as, input)) as Promise<unknown>;
  /** How many writes the store has seen: "changes nothing" means this does not move. */
  const writes = () => store.changes.length;
  return { store, ctx, ctxOf, job, run, writes };
}
