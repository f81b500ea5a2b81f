import { type Customers, type Jobs, Pricing, type Rounds, type Services } from '@roundwise/core';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { businessToday } from '../../lib/dates';
import { entityListOf, useAccountId, useEntityList } from '../../lib/sync/hooks';

/** Everything the affected-jobs filter reads, from the device's synced store. */
export function useAffectedData(): Pricing.AffectedData {
  const jobs = useEntityList<Jobs.Job>('job');
  const customers = useEntityList<Customers.Customer>('customer');
  const rounds = useEntityList<Rounds.Round>('round');
  const services = useEntityList<Services.Service>('service');
  return useMemo(() => ({ jobs, customers, rounds, services }), [jobs, customers, rounds, services]);
}

/** The same, read once outside a render (the idle prefetch). */
function affectedDataOf(client: QueryClient, accountId: string): Pricing.AffectedData {
  return {
    jobs: entityListOf<Jobs.Job>(client, accountId, 'job'),
    customers: entityListOf<Customers.Customer>(client, accountId, 'customer'),
    rounds: entityListOf<Rounds.Round>(client, accountId, 'round'),
    services: entityListOf<Services.Service>(client, accountId, 'service'),
  };
}

const dayOf = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

type PreviewInput = Pick<Pricing.PriceChange, 'type' | 'affectedJobFilter' | 'plannedDate' | 'notifiedAt'>;

/**
 * Previews already worked out, by the job list they were worked out from (a new version of the
 * jobs drops them) and what they depend on. The list of changes fills it while the device is
 * idle, so the first opening of a change draws at once instead of working through the city's
 * 20,000 jobs on the click (`pricing.preview_city_ms`).
 */
const previews = new WeakMap<object, Map<string, { data: Pricing.AffectedData; preview: Pricing.Preview }>>();
/** A form being typed in makes a preview per keystroke: only the newest few are kept. */
const KEPT = 8;

function previewFor(change: PreviewInput, data: Pricing.AffectedData): Pricing.Preview {
  const { type, affectedJobFilter, plannedDate, notifiedAt } = change;
  const today = businessToday();
  const effective = Pricing.later(dayOf(plannedDate), today);
  const noticeFrom = Pricing.later(notifiedAt?.slice(0, 10) ?? today, today);
  const key = JSON.stringify([type, affectedJobFilter, effective, noticeFrom]);
  let kept = previews.get(data.jobs);
  if (!kept) {
    kept = new Map();
    previews.set(data.jobs, kept);
  }
  const hit = kept.get(key);
  const same = (a: Pricing.AffectedData) =>
    a.customers === data.customers && a.rounds === data.rounds && a.services === data.services;
  if (hit && same(hit.data)) return hit.preview;
  const preview = Pricing.previewOf({ type, affectedJobFilter }, data, { effective, noticeFrom });
  kept.delete(key);
  kept.set(key, { data, preview });
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return preview;
}

/**
 * What applying `change` would do, computed on the device as the filter changes (the preview of
 * 20,000 jobs: `pricing.preview_city_ms`, docs/benchmarks.md). The notice counts from the
 * notification if customers were told, else from today.
 */
export function usePreview(change: PreviewInput) {
  const data = useAffectedData();
  const { type, affectedJobFilter, plannedDate, notifiedAt } = change;
  return useMemo(
    () => previewFor({ type, affectedJobFilter, plannedDate, notifiedAt }, data),
    [data, type, affectedJobFilter, plannedDate, notifiedAt],
  );
}

/** Runs `work` when the page is idle (or after a second at the latest); returns its cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 50);
  return () => clearTimeout(handle);
}

/** The previews a list works out ahead: its newest pending changes, one per idle moment. */
const PREFETCHED = 3;

/**
 * Works out the previews of the newest pending changes while the list that offers them is idle,
 * one change per idle callback, so opening one finds its preview made (and the code that makes
 * it already compiled). Reads the store once per change, without subscribing the list to jobs.
 */
export function usePrefetchPreviews(changes: readonly Pricing.PriceChange[]) {
  const client = useQueryClient();
  const accountId = useAccountId();
  useEffect(() => {
    if (!accountId) return;
    const queue = changes.filter((c) => !c.result).slice(0, PREFETCHED);
    let cancel = () => {};
    const next = () => {
      const change = queue.shift();
      if (!change) return;
      previewFor(change, affectedDataOf(client, accountId));
      cancel = whenIdle(next);
    };
    cancel = whenIdle(next);
    return () => cancel();
  }, [changes, client, accountId]);
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
