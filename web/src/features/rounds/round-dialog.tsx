import './strings.ts';
import { type Actor, type Customers, type Jobs, Rounds, Visits } from '@roundwise/core';
import { useNavigate } from '@tanstack/react-router';
import { MoreVertical, Plus, Route as RouteIcon, UserPlus } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { formatKm, money as formatMoney } from '../../lib/format';
import { useMe } from '../../lib/me';
import { useEntities, useEntity, useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import type { RoundRow } from './job-list';
import { JobList } from './job-list';
import { RoadTotals } from './road-totals';
import { type RoundAction, RoundActions } from './round-actions';
import { RoundMenu } from './round-menu';
import { deviceToday } from './use-round-list';

// Offline before the map's chunk was ever loaded, the picture is drawn without maplibre.
const RoundMap = lazy(() => import('./round-map').catch(() => import('./svg-map')));

/** Spec 000 section 9: the round dialog re-extracts its jobs 1000 ms after a data change. */
export const REEXTRACT_MS = 1000;

interface Extracted {
  rows: RoundRow[];
  data?: Rounds.RoundData<Jobs.Job>;
}

/** Spec 000 section 2.5: a round's map, revenue, frequency, jobs in planned order, and its actions. */
export function RoundDialog({
  roundId,
  actor,
  currency,
  pending,
  onClose,
}: {
  roundId: string;
  actor: Actor;
  currency: string;
  pending: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const round = useEntity<Rounds.Round>('round', roundId);
  const jobs = useEntityList<Jobs.Job>('job');
  const visitRecords = useEntityList<Visits.VisitRecord>('visit');
  const customers = useEntities<Customers.Customer>('customer');
  const [extracted, setExtracted] = useState<Extracted>();
  const [action, setAction] = useState<RoundAction>();
  const [optimised, setOptimised] = useState<{ beforeKm: number; afterKm: number }>();
  const reorder = useCommand(Rounds.reorder);
  /**
   * The order the user just gave, kept over re-extractions until its command settles: one that
   * starts before the command's writes reach the store (a sync landed a moment before the drop)
   * would put the rows back for a second, under the user's next drag or click.
   */
  const given = useRef<string[]>(undefined);
  const money = (n: number) => formatMoney(n, 'en-GB', currency);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-extract on data changes only
  useEffect(() => {
    if (!round) return;
    const run = () => {
      const next = extract(
        round,
        jobs,
        visitRecords,
        customers,
        pending,
        me.account.settings.defaultJobDuration,
      );
      setExtracted(given.current ? { ...next, rows: inOrder(next.rows, given.current) } : next);
    };
    // The first extraction is at once; later ones wait for the data to settle (a sync, a command).
    const timer = setTimeout(run, extracted ? REEXTRACT_MS : 0);
    return () => clearTimeout(timer);
  }, [round, jobs, visitRecords, customers, pending, me.account.settings.defaultJobDuration]);

  const points = useMemo(
    () =>
      (extracted?.rows ?? []).flatMap((r) =>
        r.job.location?.isVerified && r.job.location.lngLat
          ? [{ lngLat: r.job.location.lngLat, label: r.customer?.name ?? '' }]
          : [],
      ),
    [extracted],
  );

  const onReorder = (jobIds: string[]) => {
    if (!extracted) return;
    // Show the new order now; the command's writes come back through the store.
    const byId = new Map(extracted.rows.map((r) => [r.job._id, r]));
    setExtracted({ ...extracted, rows: jobIds.map((id) => byId.get(id) as RoundRow) });
    setOptimised(undefined);
    given.current = jobIds;
    reorder.mutate(
      { _id: roundId, jobIds, today: deviceToday() },
      {
        onError: (e) => toast.error(errorText(t, e)),
        // The store now holds the server's answer (or the undo of a refusal): it decides again.
        onSettled: () => {
          if (given.current === jobIds) given.current = undefined;
        },
      },
    );
  };

  if (!round) {
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('rounds.not-found')}</DialogTitle>
            <DialogDescription>{t('rounds.not-found-description')}</DialogDescription>
          </DialogHeader>
        </DialogContent>
      </Dialog>
    );
  }
  const f = extracted?.data?.financialData;
  const frequency = extracted?.data?.frequencyMessage;
  const origin = Rounds.validOrigin(me.account.settings.businessAddress?.lngLat);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="grid-cols-1 gap-3 overflow-x-hidden p-4 desktop:max-w-3xl desktop:p-6 [&>*]:min-w-0"
        aria-describedby={undefined}
      >
        <DialogHeader className="flex-row items-center gap-2 pr-8">
          <span className="size-4 shrink-0 rounded-full" style={{ background: round.color }} aria-hidden />
          <DialogTitle className="min-w-0 flex-1 truncate text-left">{round.description}</DialogTitle>
          {round.isPortalRound && (
            <span className="rounded bg-secondary px-1.5 py-0.5 text-xs text-secondary-foreground">
              {t('rounds.portal-round')}
            </span>
          )}
          {!pending && (
            <RoundMenu
              round={round}
              actor={actor}
              onAction={(a) => {
                if (a === 'optimise' && !origin) return setAction('address-prompt');
                setAction(a);
              }}
              trigger={
                <Button variant="ghost" size="icon" aria-label={t('rounds.menu')}>
                  <MoreVertical aria-hidden />
                </Button>
              }
            />
          )}
        </DialogHeader>
        <div className="h-48 desktop:h-64">
          {points.length === 0 ? (
            // No map chunk to load for nothing to show.
            <div className="flex h-full items-center justify-center rounded-lg border bg-muted/40 p-4 text-center text-sm text-muted-foreground">
              {t('rounds.map-no-locations')}
            </div>
          ) : (
            <Suspense fallback={<Skeleton className="h-full w-full" />}>
              <RoundMap points={points} color={round.color} origin={origin} />
            </Suspense>
          )}
        </div>
        <section aria-label={t('rounds.revenue')} className="grid grid-cols-3 gap-2 text-sm">
          <Revenue label={t('rounds.one-off')} value={f && money(f.totalOneOff)} />
          <Revenue label={t('rounds.per-month')} value={f && money(f.totalPerMonth)} />
          <Revenue label={t('rounds.per-year')} value={f && money(f.totalPerYear)} />
        </section>
        <p className="text-sm text-muted-foreground" data-testid="round-frequency">
          {frequency ? t(frequency.key, frequency.params) : t('rounds.no-frequency')}
          {round.servicedPostcodes.length > 0 && ` · ${round.servicedPostcodes.join(', ')}`}
        </p>
        {optimised && (
          <p role="status" className="rounded-md bg-secondary px-3 py-2 text-sm text-secondary-foreground">
            <RouteIcon className="mr-1 inline size-4" aria-hidden />
            {t('rounds.optimised', {
              before: formatKm(optimised.beforeKm),
              after: formatKm(optimised.afterKm),
            })}
          </p>
        )}
        {extracted && !pending && <RoadTotals rows={extracted.rows} origin={origin} />}
        {extracted ? (
          <JobList
            rows={extracted.rows}
            money={money}
            canReorder={!pending}
            onReorder={onReorder}
            onViewCustomer={(id) => void navigate({ href: `/customers/${id}` })}
          />
        ) : (
          <Skeleton className="h-40 w-full" />
        )}
        {!pending && (
          <div className="sticky -bottom-4 z-10 -mx-4 -mb-4 flex justify-end gap-2 border-t bg-background px-4 py-3 desktop:-bottom-6 desktop:-mx-6 desktop:-mb-6 desktop:px-6">
            <Button variant="outline" onClick={() => setAction('add-existing')}>
              <Plus aria-hidden />
              {t('rounds.add-existing-job')}
            </Button>
            <Button onClick={() => setAction('add-job')}>
              <UserPlus aria-hidden />
              {t('rounds.add-job')}
            </Button>
          </div>
        )}
        <RoundActions
          action={action}
          round={round}
          rows={extracted?.rows ?? []}
          onDone={(result) => {
            setAction(undefined);
            if (result?.optimised) setOptimised(result.optimised);
            if (result?.deleted) onClose();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function Revenue({ label, value }: { label: string; value?: string }) {
  return (
    <div className="flex flex-col rounded-md border p-2">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="font-semibold tabular-nums">{value ?? '…'}</span>
    </div>
  );
}

/** `rows` in the order of `jobIds`; rows it does not name (a job just added) after them, as they were. */
function inOrder(rows: RoundRow[], jobIds: string[]): RoundRow[] {
  const rank = new Map(jobIds.map((id, i) => [id, i]));
  return rows
    .map((r, i) => ({ r, key: rank.get(r.job._id) ?? jobIds.length + i }))
    .sort((a, b) => a.key - b.key)
    .map(({ r }) => r);
}

/** The round's jobs with their representative visits, in planned order, and its round data. */
function extract(
  round: Rounds.Round,
  allJobs: Jobs.Job[],
  visitRecords: Visits.VisitRecord[],
  customers: Readonly<Record<string, Customers.Customer>>,
  pending: boolean,
  defaultDuration: number,
): Extracted {
  const today = deviceToday();
  const input = { rounds: [round], jobs: allJobs, visitRecords, today };
  const data = (pending ? Rounds.pendingRoundData(input) : Rounds.roundData(input))[0];
  const jobs = data?.jobs ?? [];
  const ids = new Set(jobs.map((j) => j._id));
  const byJob = Visits.recordsByJob(visitRecords.filter((o) => ids.has(o.jobId)));
  const rows: RoundRow[] = jobs.map((job) => {
    const visit = pending
      ? undefined
      : Visits.representativeVisit(job, byJob.get(job._id) ?? [], today, defaultDuration);
    const customer = customers[job.customerId];
    return { job, ...(customer ? { customer } : {}), ...(visit ? { visit } : {}) };
  });
  return { rows: Rounds.sortByPlannedOrder(rows), ...(data ? { data } : {}) };
}
