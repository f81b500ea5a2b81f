import './strings.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Customers,
  type Entity,
  Jobs,
  newId,
  type Rounds,
  Schedule,
  type Services,
} from '@roundwise/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DateField } from '../../components/date-field';
import { buttonClass, Field, inputClass, secondaryButtonClass } from '../../components/form';
import { AddressSearch } from '../../components/location/address-search';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { editOf } from '../../lib/commands/edit-of';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { useMoney } from '../../lib/format';
import { useMe } from '../../lib/me';
import { peopleQuery } from '../../lib/people';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { useResetOnOpen } from '../../lib/use-reset-on-open';

type FormIn = z.input<typeof Jobs.JobFields>;
type FormOut = z.output<typeof Jobs.JobFields>;

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
/** Empty number inputs mean "not set" (duration then follows the account default). */
const optionalNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

function valuesOf(customer: Customers.Customer, job: Jobs.Job | undefined): FormIn {
  if (job) {
    const { _id, createdDate, _version, _updatedAt, _deleted, ...fields } = job as Entity<Jobs.Job>;
    return { ...fields, location: fields.location ?? customer.address };
  }
  return {
    customerId: customer._id,
    rounds: [],
    date: todayIso(),
    price: 0,
    location: customer.address,
    // Spec 000 section 3: every 4 weeks by default.
    frequencyType: 'Weeks',
    frequencyInterval: 4,
    services: [],
    notes: '',
    assignees: [],
  };
}

/**
 * A job on a customer (spec 000 section 3, job fields): its round, first date, price, where,
 * how it recurs (the frequency type shows only its own fields; a one-off job has no recurrence),
 * duration (empty = the account's default job duration), services (which fill in price and
 * duration while the user has not typed their own), notes, and the workers it is assigned to.
 */
export function JobFormDialog({
  open,
  onOpenChange,
  customer,
  job,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customer: Customers.Customer;
  job?: Jobs.Job;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const money = useMoney();
  const create = useCommand(Jobs.create);
  const update = useCommand(Jobs.update);
  const rounds = useEntityList<Rounds.Round>('round');
  const services = useEntityList<Services.Service>('service');
  const people = useQuery({ ...peopleQuery, enabled: open });
  const sortedRounds = useMemo(
    () => [...rounds].sort((a, b) => a.description.localeCompare(b.description)),
    [rounds],
  );
  const sortedServices = useMemo(
    () => [...services].sort((a, b) => a.name.localeCompare(b.name)),
    [services],
  );
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(Jobs.JobFields),
    defaultValues: valuesOf(customer, job),
  });
  const { register, handleSubmit, control, reset, setValue, getFieldState, formState } = form;
  // What the form showed on opening: the base the server settles a concurrent edit from.
  const seen = useRef(job);
  useResetOnOpen(open, () => {
    seen.current = job;
    reset(valuesOf(customer, job));
  });
  const type = useWatch({ control, name: 'frequencyType' });
  const date = useWatch({ control, name: 'date' });
  const chosenServices = useWatch({ control, name: 'services' }) ?? [];
  const assignees = useWatch({ control, name: 'assignees' }) ?? [];
  const roundIds = useWatch({ control, name: 'rounds' }) ?? [];
  const location = useWatch({ control, name: 'location' });
  const derived =
    date && Schedule.isIsoDate(date)
      ? { week: Schedule.weekOfMonthOf(date), dayOfWeek: Schedule.weekdayOf(date) }
      : undefined;

  const toggleService = (id: string, on: boolean) => {
    const next = on ? [...chosenServices, id] : chosenServices.filter((s) => s !== id);
    setValue('services', next, { shouldDirty: true });
    const picked = services.filter((s) => next.includes(s._id));
    // Defaults from the services, unless the user typed their own price or duration.
    if (!getFieldState('price').isDirty)
      setValue('price', Math.round(picked.reduce((sum, s) => sum + s.defaultPrice, 0) * 100) / 100);
    if (!getFieldState('duration').isDirty)
      setValue('duration', picked.length ? picked.reduce((sum, s) => sum + s.defaultDuration, 0) : undefined);
  };

  const onError = (e: unknown) => toast.error(errorText(t, e));
  const submit = handleSubmit((values) => {
    // The address typed for the job: the customer's own, or the one found by the search (each with
    // its coordinates), unless the text was changed after; then it has no coordinates.
    const description = values.location?.addressDescription ?? '';
    const location =
      description === customer.address.addressDescription
        ? customer.address
        : values.location?.lngLat
          ? { ...values.location, addressDescription: description }
          : { addressDescription: description, isVerified: false };
    const fields = { ...values, location };
    if (fields.frequencyType === 'MonthsDayOfMonth')
      fields.frequencyDayOfMonth ??= Number(fields.date.slice(8, 10));
    if (fields.frequencyType === 'MonthsWeekdayOfMonth' && derived) {
      fields.frequencyWeekOfMonth ??= derived.week;
      fields.frequencyDayOfWeek ??= derived.dayOfWeek;
    }
    if (job) {
      const { customerId, ...values } = fields;
      // Only what the user changed: a field left alone never overwrites someone else's edit.
      const { changes, base } = editOf<Jobs.Job>(seen.current ?? job, values);
      if (Object.keys(changes).length) update.mutate({ _id: job._id, changes, base }, { onError });
    } else create.mutate({ ...fields, _id: newId() }, { onError });
    toast.success(job ? t('jobs.saved') : t('jobs.created'));
    onOpenChange(false);
  });

  const err = (e: { message?: string } | undefined) =>
    e?.message ? t(e.message, { defaultValue: t('general.validation-failed') }) : undefined;
  const errors = formState.errors as FieldErrors<FormIn>;
  const weekdays = [0, 1, 2, 3, 4, 5, 6].map((d) =>
    new Date(Date.UTC(2026, 10, 1 + d)).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' }),
  );
  const selectableUsers = people.data ?? [];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{job ? t('jobs.edit') : t('jobs.new')}</DialogTitle>
          <DialogDescription>{t('jobs.form-description', { name: customer.name })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <div className="grid gap-4 desktop:grid-cols-2">
            <Field label={t('jobs.round')} hint={t('jobs.round-hint')}>
              <select
                className={inputClass}
                value={roundIds[0] ?? ''}
                onChange={(e) => {
                  // The first entry is the job's round; other rounds it belongs to are kept.
                  const chosen = e.target.value;
                  const others = roundIds.slice(1).filter((r) => r !== chosen);
                  setValue('rounds', chosen ? [chosen, ...others] : [], { shouldDirty: true });
                }}
              >
                <option value="">{t('jobs.no-round')}</option>
                {sortedRounds.map((r) => (
                  <option key={r._id} value={r._id}>
                    {r.description}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('jobs.date')} error={err(errors.date)}>
              <DateField
                label={t('jobs.date')}
                value={date ?? ''}
                invalid={!!errors.date}
                onChange={(iso) =>
                  setValue('date', iso, { shouldDirty: true, shouldValidate: !!errors.date })
                }
              />
            </Field>
          </div>

          <fieldset className="flex flex-col gap-3 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">{t('jobs.frequency')}</legend>
            <div className="grid gap-4 desktop:grid-cols-2">
              <Field label={t('jobs.frequency-type')}>
                <select className={inputClass} {...register('frequencyType')}>
                  {Jobs.FrequencyType.options.map((ft) => (
                    <option key={ft} value={ft}>
                      {t(`jobs.frequency-type.${ft}`)}
                    </option>
                  ))}
                </select>
              </Field>
              {type !== 'OneOff' && (
                <Field
                  label={type === 'Weeks' ? t('jobs.interval-weeks') : t('jobs.interval-months')}
                  error={err(errors.frequencyInterval)}
                >
                  <input
                    type="number"
                    min={1}
                    max={104}
                    className={inputClass}
                    {...register('frequencyInterval', { setValueAs: optionalNumber })}
                  />
                </Field>
              )}
              {type === 'MonthsDayOfMonth' && (
                <Field label={t('jobs.day-of-month')} error={err(errors.frequencyDayOfMonth)}>
                  <input
                    type="number"
                    min={1}
                    max={31}
                    placeholder={date ? String(Number(date.slice(8, 10))) : ''}
                    className={inputClass}
                    {...register('frequencyDayOfMonth', { setValueAs: optionalNumber })}
                  />
                </Field>
              )}
              {type === 'MonthsWeekdayOfMonth' && (
                <>
                  <Field label={t('jobs.week-of-month')}>
                    <select
                      className={inputClass}
                      {...register('frequencyWeekOfMonth', { setValueAs: optionalNumber })}
                    >
                      <option value="">{derived ? t(`jobs.week.${derived.week}`) : ''}</option>
                      {[1, 2, 3, 4, 5].map((w) => (
                        <option key={w} value={w}>
                          {t(`jobs.week.${w}`)}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <Field label={t('jobs.day-of-week')}>
                    <select
                      className={inputClass}
                      {...register('frequencyDayOfWeek', { setValueAs: optionalNumber })}
                    >
                      <option value="">{derived ? weekdays[derived.dayOfWeek] : ''}</option>
                      {weekdays.map((name, d) => (
                        <option key={name} value={d}>
                          {name}
                        </option>
                      ))}
                    </select>
                  </Field>
                </>
              )}
            </div>
            {type === 'OneOff' && <p className="text-xs text-muted-foreground">{t('jobs.one-off-hint')}</p>}
          </fieldset>

          {sortedServices.length > 0 && (
            <fieldset className="flex flex-col gap-2 text-sm">
              <legend className="mb-1 font-medium">{t('jobs.services')}</legend>
              <div className="grid gap-2 desktop:grid-cols-2">
                {sortedServices.map((s) => (
                  <label key={s._id} className="inline-flex items-center gap-2">
                    <input
                      type="checkbox"
                      className="size-4"
                      checked={chosenServices.includes(s._id)}
                      onChange={(e) => toggleService(s._id, e.target.checked)}
                    />
                    <span className="flex-1">{s.name}</span>
                    <span className="text-xs text-muted-foreground">
                      {t('jobs.service-defaults', {
                        price: money(s.defaultPrice),
                        minutes: s.defaultDuration,
                      })}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}

          <div className="grid gap-4 desktop:grid-cols-2">
            <Field label={t('jobs.price')} error={err(errors.price)}>
              <input
                type="number"
                step="0.01"
                inputMode="decimal"
                className={inputClass}
                {...register('price', { setValueAs: (v) => optionalNumber(v) ?? 0 })}
              />
            </Field>
            <Field
              label={t('jobs.duration')}
              hint={t('jobs.duration-hint', { minutes: me.account.settings.defaultJobDuration })}
              error={err(errors.duration)}
            >
              <input
                type="number"
                min={1}
                max={1440}
                placeholder={String(me.account.settings.defaultJobDuration)}
                className={inputClass}
                {...register('duration', { setValueAs: optionalNumber })}
              />
            </Field>
          </div>

          <fieldset className="flex flex-col gap-3 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">{t('jobs.location')}</legend>
            <AddressSearch
              near={customer.address.lngLat as [number, number] | undefined}
              onPick={(place) => {
                // Field by field: the address text box shows its own field's value.
                const dirty = { shouldDirty: true };
                setValue('location.addressDescription', place.address, dirty);
                setValue('location.lngLat', place.lngLat, dirty);
                setValue('location.isVerified', true, dirty);
              }}
            />
            <Field label={t('places.address')} hint={t('jobs.location-hint')}>
              <textarea
                rows={4}
                className={`${inputClass} h-auto py-2`}
                {...register('location.addressDescription', {
                  // Text changed by hand no longer matches the coordinates found for it.
                  onChange: () => setValue('location.lngLat', undefined),
                })}
              />
            </Field>
            <p
              className={`text-xs ${location?.lngLat ? 'text-muted-foreground' : 'text-amber-700 dark:text-amber-400'}`}
              data-testid="job-location-state"
            >
              {location?.lngLat ? t('places.located') : t('places.not-located')}
            </p>
          </fieldset>

          <fieldset className="flex flex-col gap-2 text-sm">
            <legend className="mb-1 font-medium">{t('jobs.assignees')}</legend>
            {people.isError && !people.data ? (
              <p className="text-xs text-muted-foreground">{t('jobs.assignees-unavailable')}</p>
            ) : people.isPending ? (
              <p className="text-xs text-muted-foreground">{t('jobs.assignees-loading')}</p>
            ) : (
              <div className="flex flex-wrap gap-2">
                {selectableUsers.map((u) => {
                  const on = assignees.includes(u.userId);
                  return (
                    <label
                      key={u.userId}
                      className={`inline-flex h-8 cursor-pointer items-center rounded-full border px-3 text-xs font-medium ${on ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-accent'}`}
                    >
                      <input
                        type="checkbox"
                        className="sr-only"
                        checked={on}
                        onChange={(e) =>
                          setValue(
                            'assignees',
                            e.target.checked
                              ? [...assignees, u.userId]
                              : assignees.filter((a) => a !== u.userId),
                            { shouldDirty: true },
                          )
                        }
                      />
                      {u.name}
                    </label>
                  );
                })}
              </div>
            )}
          </fieldset>

          <Field label={t('jobs.notes')}>
            <textarea rows={3} className={`${inputClass} h-auto py-2`} {...register('notes')} />
          </Field>

          <DialogFooter>
            <button type="button" className={secondaryButtonClass} onClick={() => onOpenChange(false)}>
              {t('general.cancel')}
            </button>
            <button type="submit" className={buttonClass}>
              {job ? t('general.save') : t('jobs.add')}
            </button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
