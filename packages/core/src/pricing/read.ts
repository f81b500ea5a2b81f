import type { CommandContext } from '../commands/define.ts';
import type { Customer } from '../customers/schema.ts';
import type { Job } from '../jobs/schema.ts';
import type { Round } from '../rounds/schema.ts';
import type { Service } from '../services/schema.ts';
import type { AffectedData } from './affected-jobs.ts';

/** Everything the affected-jobs filter reads, from the store a command runs on. */
export async function readAffectedData(ctx: Pick<CommandContext, 'store'>): Promise<AffectedData> {
  const [jobs, customers, rounds, services] = await Promise.all([
    ctx.store.list<Job>('job'),
    ctx.store.list<Customer>('customer'),
    ctx.store.list<Round>('round'),
    ctx.store.list<Service>('service'),
  ]);
  return { jobs, customers, rounds, services };
}
