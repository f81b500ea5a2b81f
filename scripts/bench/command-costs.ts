import { capacityOf, recordCalls, sequentialCalls } from '@roundwise/db';
import { startTestApi } from '../../functions/src/test-harness.ts';

export interface CommandCost {
  sequentialCalls: number;
  rcu: number;
  wcu: number;
}

/**
 * What the five most used commands cost at the table, measured on the API in this process over a
 * throw-away dynalite: the round trips made one after another (calls that overlap count once;
 * on AWS each is a few milliseconds of network from Lambda) and the read and write units as
 * DynamoDB reports them (`ReturnConsumedCapacity: TOTAL`; a transaction at twice the units; index
 * writes not included). A day of 20 visits is the reorder's.
 */
export async function commandCosts(): Promise<Record<string, CommandCost>> {
  // Effects are left queued: they run after the reply, elsewhere, and are not the command's cost.
  const api = await startTestApi('dynalite', { effectQueue: { send: async () => {} } });
  try {
    const c = api.client();
    await c.signup('costs@example.com');
    const service = (await c.command('services.create', { name: 'Windows', defaultPrice: 12 })).json.result;
    const customers: { _id: string }[] = [];
    for (let i = 0; i < 20; i++) {
      customers.push(
        (
          await c.command('customers.create', {
            name: `Customer ${i}`,
            email: `c${i}@example.org`,
            address: { addressDescription: `${i + 1} Mill Road, Cambridge`, lngLat: [0.13, 52.2] },
          })
        ).json.result,
      );
    }
    const job = (customerId: string) => ({
      customerId,
      date: '2026-11-02',
      price: 15,
      services: [service._id],
      frequencyType: 'Weeks',
      frequencyInterval: 4,
    });
    const jobs: { _id: string }[] = [];
    for (const customer of customers.slice(1))
      jobs.push((await c.command('jobs.create', job(customer._id))).json.result);
    const measure = async (name: string, input: unknown): Promise<CommandCost> => {
      // The session is read (and cached) first, so only the command's own calls are counted.
      await c.get('/me');
      const recorder = recordCalls(api.db);
      try {
        const res = await c.command(name, input);
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.json)}`);
      } finally {
        recorder.stop();
      }
      return { sequentialCalls: sequentialCalls(recorder.calls), ...capacityOf(recorder.calls) };
    };
    const visit = (i: number) => ({ jobId: (jobs[i] as { _id: string })._id, isoDueDate: '2026-11-02' });
    return {
      complete_visit: await measure('visits.complete', visit(0)),
      skip_visit: await measure('visits.skip', { ...visit(1), reason: 'Gate locked' }),
      reorder_day: await measure('visits.reorder', {
        isoPlannedDate: '2026-11-02',
        visits: jobs.map((_, i) => visit(i)).reverse(),
      }),
      update_customer: await measure('customers.update', {
        _id: (customers[0] as { _id: string })._id,
        changes: { notes: 'Side gate, dog friendly' },
      }),
      create_job: await measure('jobs.create', job((customers[0] as { _id: string })._id)),
    };
  } finally {
    await api.stop();
  }
}
