import { type Customers, type Jobs, Pricing, type Rounds, type Services } from '@roundwise/core';
import { useMemo } from 'react';
import { businessToday } from '../../lib/dates';
import { useEntityList } from '../../lib/sync/hooks';

/** Everything the affected-jobs filter reads, from the device's synced store. */
export function useAffectedData(): Pricing.AffectedData {
  const jobs = useEntityList<Jobs.Job>('job');
  const customers = useEntityList<Customers.Customer>('customer');
  const rounds = useEntityList<Rounds.Round>('round');
  const services = useEntityList<Services.Service>('service');
  return useMemo(() => ({ jobs, customers, rounds, services }), [jobs, customers, rounds, services]);
}

const dayOf = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * What applying `change` would do, computed on the device as the filter changes (the preview of
 * 20,000 jobs: `pricing.preview_city_ms`, docs/benchmarks.md). The notice counts from the
 * notification if customers were told, else from today.
 */
export function usePreview(
  change: Pick<Pricing.PriceChange, 'type' | 'affectedJobFilter' | 'plannedDate' | 'notifiedAt'>,
) {
  const data = useAffectedData();
  const { type, affectedJobFilter, plannedDate, notifiedAt } = change;
  return useMemo(() => {
    const today = businessToday();
    const effective = Pricing.later(dayOf(plannedDate), today);
    const noticeFrom = Pricing.later(notifiedAt?.slice(0, 10) ?? today, today);
    return Pricing.previewOf({ type, affectedJobFilter }, data, { effective, noticeFrom });
  }, [data, type, affectedJobFilter, plannedDate, notifiedAt]);
}

export { dayOf };

/** The applied jobs as the job list shows them: from `result.changes`, named from the customers. */
export function useAppliedJobs(change: Pricing.PriceChange): Pricing.PreviewJob[] {
  const { jobs, customers } = useAffectedData();
  return useMemo(() => {
    // A pending change has none: the maps of every job and customer are not made for nothing.
    if (!change.result) return [];
    const jobOf = new Map(jobs.map((j) => [j._id, j]));
    const customerOf = new Map(customers.map((c) => [c._id, c]));
    return (change.result?.changes ?? []).map((c) => {
      const job = jobOf.get(c.jobId);
      const customer = job && customerOf.get(job.customerId);
      return {
        jobId: c.jobId,
        customerId: customer?._id ?? '',
        customerName: customer?.name ?? '',
        address: customer?.address?.addressDescription ?? '',
        roundIds: job?.rounds ?? [],
        roundName: '',
        oldPrice: c.oldPrice,
        newPrice: c.newPrice,
      };
    });
  }, [change.result, jobs, customers]);
}
