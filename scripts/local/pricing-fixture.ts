import type { Change } from '@roundwise/core';
import { type Db, EntityRepository } from '@roundwise/db';

/**
 * A round of `count` weekly jobs at `price`, one customer each, written straight to the table
 * (setup, not under test), for the price-change tests and benchmark. The round is `north`, named
 * 'North'.
 */
export async function addRoundOfJobs(db: Db, accountId: string, count: number, price = 20) {
  const now = new Date().toISOString();
  const meta = { _version: 1, _updatedAt: now };
  const id = (i: number) => String(i).padStart(5, '0');
  const changes: Change[] = [
    {
      type: 'round',
      entity: { _id: 'north', ...meta, description: 'North', color: '#2563eb', schedules: [] },
    },
  ];
  for (let i = 0; i < count; i++) {
    changes.push({
      type: 'customer',
      entity: {
        _id: `cust${id(i)}`,
        ...meta,
        name: `Customer ${i}`,
        email: `customer${i}@example.com`,
        state: 'active',
      },
    });
    changes.push({
      type: 'job',
      entity: {
        _id: `job${id(i)}`,
        ...meta,
        customerId: `cust${id(i)}`,
        rounds: ['north'],
        date: '2026-01-05',
        price,
        frequencyType: 'Weeks',
        frequencyInterval: 4,
        services: [],
        notes: '',
        assignees: [],
        createdDate: now,
      },
    });
  }
  await new EntityRepository(db, accountId).batchPut(changes, { concurrency: 8 });
}

/** The jobs' prices, by id. */
export async function jobPrices(db: Db, accountId: string): Promise<Map<string, number>> {
  const jobs = await new EntityRepository(db, accountId).list<{ price: number }>('job');
  return new Map(jobs.map((j) => [j._id, j.price]));
}

/** A 3 % rise to the nearest 0.5 on the North round (20 becomes 20.50; applied twice it would be 21). */
export const northRise = {
  _id: 'rise',
  name: 'Yearly rise',
  plannedDate: 0,
  type: { is: 'percentage', value: 0.03, nearest: 0.5 },
  affectedJobFilter: [[{ id: 'f', field: 'jobRound', label: 'Round', operator: 'Contains', value: 'north' }]],
};
