import './strings.ts';
import { type Customers, Jobs, Rounds, Schedule } from '@roundwise/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerPicker } from '../../components/customer-picker';
import { Field, inputClass } from '../../components/form';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import {
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { useEntities, useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { useProblem } from '../../lib/use-problem';
import { deviceToday } from './use-round-list';

const MAX_SHOWN = 50;

/**
 * Adds a job for a customer to the round: the job takes the round's schedule (its next date and
 * frequency), or every 4 weeks from today when the round has none.
 */
export function AddJobDialog({ round, onDone }: { round: Rounds.Round; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCommand(Jobs.create);
  const [chosen, setChosen] = useState<Customers.Customer>();
  const [price, setPrice] = useState('20');
  const [error, setError] = useProblem();
  const submit = () => {
    if (!chosen) return setError('rounds.choose-customer');
    const p = Number(price);
    if (!Number.isFinite(p) || p < 0) return setError('visits.price-not-negative');
    const today = deviceToday();
    const fd = round.frequencyData ?? Rounds.defaultFrequencyData(today);
    const r = Schedule.recurrenceOfFrequencyData(fd);
    const date = Schedule.nextDate(r, today) ?? today;
    create.mutate(
      {
        customerId: chosen._id,
        rounds: [round._id],
        ...Schedule.normaliseRecurrence({ ...r, date }),
        price: p,
        ...(chosen.address.addressDescription ? { location: chosen.address } : {}),
      },
      { onError: (e) => toast.error(errorText(t, e)) },
    );
    toast.success(t('rounds.job-added', { name: chosen.name }));
    onDone();
  };
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{t('rounds.add-job')}</DialogTitle>
        <DialogDescription>{t('rounds.add-job-description', { name: round.description })}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-1.5 text-sm">
        <label htmlFor="round-job-customer" className="font-medium">
          {t('rounds.customer')}
        </label>
        <CustomerPicker
          id="round-job-customer"
          value={chosen?._id}
          onChange={(c) => {
            setChosen(c);
            setError(undefined);
          }}
        />
      </div>
      <Field label={t('rounds.price')} error={error}>
        <input
          className={inputClass}
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
        />
      </Field>
      <DialogFooter>
        <Button onClick={submit}>{t('rounds.add-job')}</Button>
      </DialogFooter>
    </DialogContent>
  );
}

/** Adds existing jobs (of other rounds or none) to the round. */
export function AddExistingJobDialog({ round, onDone }: { round: Rounds.Round; onDone: () => void }) {
  const { t } = useTranslation();
  const jobs = useEntityList<Jobs.Job>('job');
  const customers = useEntities<Customers.Customer>('customer');
  const rounds = useEntities<Rounds.Round>('round');
  const add = useCommand(Rounds.addJobs);
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    return jobs
      .filter((j) => Rounds.roundOf(j) !== round._id && !j.quoteId)
      .map((j) => ({ job: j, customer: customers[j.customerId] }))
      .filter(
        ({ job, customer }) =>
          !q ||
          (customer?.name.toLowerCase().includes(q) ?? false) ||
          (job.location?.addressDescription.toLowerCase().includes(q) ?? false),
      )
      .sort((a, b) => (a.customer?.name ?? '').localeCompare(b.customer?.name ?? ''))
      .slice(0, MAX_SHOWN);
  }, [jobs, customers, query, round._id]);
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{t('rounds.add-existing-job')}</DialogTitle>
        <DialogDescription>
          {t('rounds.add-existing-description', { name: round.description })}
        </DialogDescription>
      </DialogHeader>
      <input
        className={inputClass}
        type="search"
        value={query}
        aria-label={t('rounds.search-jobs')}
        placeholder={t('rounds.search-jobs')}
        onChange={(e) => setQuery(e.target.value)}
      />
      <ul className="max-h-64 overflow-y-auto rounded-md border text-sm">
        {matches.map(({ job, customer }) => {
          const current = Rounds.roundOf(job);
          return (
            <li key={job._id}>
              {/* biome-ignore lint/a11y/noLabelWithoutControl: the checkbox is inside */}
              <label className="flex cursor-pointer items-center gap-3 px-3 py-1.5 hover:bg-accent">
                <Checkbox
                  checked={picked.has(job._id)}
                  onCheckedChange={(on) => {
                    const next = new Set(picked);
                    if (on) next.add(job._id);
                    else next.delete(job._id);
                    setPicked(next);
                  }}
                />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-medium">{customer?.name ?? job.customerId}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {[
                      job.location?.addressDescription,
                      current ? rounds[current]?.description : t('rounds.no-round'),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
        {matches.length === 0 && (
          <li className="px-3 py-4 text-center text-muted-foreground">{t('rounds.no-jobs-found')}</li>
        )}
      </ul>
      <DialogFooter>
        <Button
          disabled={picked.size === 0}
          onClick={() => {
            add.mutate(
              { _id: round._id, jobIds: [...picked] },
              { onError: (e) => toast.error(errorText(t, e)) },
            );
            onDone();
          }}
        >
          {t('rounds.add-jobs', { count: picked.size })}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
