import type { CommandContext } from './commands/define.ts';
import type { Customer } from './customers/schema.ts';
import type { Job } from './jobs/schema.ts';
import { customerMergeValues, findMergeFields, type MergeValues } from './merge-fields.ts';
import { balancesByCustomer } from './payments/ledger.ts';
import type { Transaction } from './payments/schema.ts';

/**
 * Each customer's data merge fields for `texts`, read from the store the command runs on: jobs
 * and the ledger are read only when the texts use `[next-visit]` or `[balance]`. A campaign's
 * publish and a single message (`notifications.send`, quote and invoice mails) share it, so a
 * field reads the same whichever way it is sent.
 */
export async function mergeSource(
  ctx: Pick<CommandContext, 'store' | 'actor'>,
  texts: string,
  today: string,
): Promise<(customer: Customer) => MergeValues> {
  const fields = findMergeFields(texts);
  const jobs = fields.includes('next-visit') ? await ctx.store.list<Job>('job') : [];
  const balances = fields.includes('balance')
    ? balancesByCustomer(await ctx.store.list<Transaction>('transaction'))
    : new Map<string, number>();
  const jobsOf = new Map<string, Job[]>();
  for (const j of jobs) jobsOf.set(j.customerId, [...(jobsOf.get(j.customerId) ?? []), j]);
  const currency = ctx.actor.settings.currency ?? 'GBP';
  return (customer: Customer) =>
    customerMergeValues(customer, {
      jobs: jobsOf.get(customer._id) ?? [],
      balance: balances.get(customer._id) ?? 0,
      today,
      currency,
    });
}
