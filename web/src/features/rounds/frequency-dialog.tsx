import './strings.ts';
import { Jobs, Rounds, Schedule } from '@roundwise/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { Field, inputClass } from '../../components/form';
import { Button } from '../../components/ui/button';
import {
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useProblem } from '../../lib/use-problem';
import { deviceToday } from './use-round-list';

/**
 * Sets the round's schedule (spec 000 section 4): kind, interval and first date (default every 4
 * weeks from today). Monthly kinds take their day (or weekday and week) from the first date. When
 * the round has jobs the user confirms first: the schedule is applied to all of them.
 */
export function FrequencyDialog({
  round,
  jobCount,
  onDone,
}: {
  round: Rounds.Round;
  jobCount: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const today = deviceToday();
  const initial = round.frequencyData ?? Rounds.defaultFrequencyData(today);
  const [type, setType] = useState<Jobs.FrequencyType>(initial.type);
  const [interval, setIntervalText] = useState(String(initial.interval));
  const [first, setFirst] = useState(initial.firstScheduledDate);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useProblem();
  const setFrequency = useCommand(Rounds.setFrequency);
  const n = Number(interval);
  const validInterval = Number.isInteger(n) && n >= 1 && n <= 104;
  const frequencyData = (): Rounds.FrequencyData | undefined => {
    if (!Schedule.isIsoDate(first) || !validInterval) return undefined;
    const r: Schedule.Recurrence = Schedule.normaliseRecurrence({
      date: first,
      frequencyType: type,
      frequencyInterval: n,
    });
    const fd: Rounds.FrequencyData = { type, interval: n, firstScheduledDate: first };
    if (r.frequencyDayOfMonth !== undefined) fd.dayOfMonth = r.frequencyDayOfMonth;
    if (r.frequencyDayOfWeek !== undefined) fd.dayOfWeek = r.frequencyDayOfWeek;
    if (r.frequencyWeekOfMonth !== undefined) fd.weekOfMonth = r.frequencyWeekOfMonth;
    return fd;
  };
  const fd = frequencyData();
  const preview = fd && Schedule.frequencyMessage(Schedule.recurrenceOfFrequencyData(fd));
  const next = fd && Schedule.nextDate(Schedule.recurrenceOfFrequencyData(fd), today);
  const apply = () => {
    if (!fd) return;
    setFrequency.mutate(
      { _id: round._id, frequencyData: fd, today },
      { onError: (e) => toast.error(errorText(t, e)) },
    );
    toast.success(t('jobgroup.set-round-schedule-success'));
    onDone();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!fd) return setError('general.validation-failed');
    if (!next) return setError('jobgroup.no-future-date');
    if (jobCount > 0 && !confirming) return setConfirming(true);
    apply();
  };
  return (
    <DialogContent>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <DialogHeader>
          <DialogTitle>{t('rounds.set-frequency')}</DialogTitle>
          <DialogDescription>{t('rounds.set-frequency-description')}</DialogDescription>
        </DialogHeader>
        {confirming ? (
          <p className="text-sm" role="alert">
            {t('rounds.set-frequency-confirm')}
          </p>
        ) : (
          <>
            <Field label={t('rounds.frequency-type')}>
              <select
                className={inputClass}
                value={type}
                onChange={(e) => setType(e.target.value as Jobs.FrequencyType)}
              >
                {Jobs.FrequencyType.options.map((o) => (
                  <option key={o} value={o}>
                    {t(`rounds.frequency-type-${o}`)}
                  </option>
                ))}
              </select>
            </Field>
            {type !== 'OneOff' && (
              <Field label={type === 'Weeks' ? t('rounds.every-weeks') : t('rounds.every-months')}>
                <input
                  className={inputClass}
                  type="number"
                  min={1}
                  max={104}
                  value={interval}
                  onChange={(e) => setIntervalText(e.target.value)}
                />
              </Field>
            )}
            <Field label={t('rounds.first-date')}>
              <DateField label={t('rounds.first-date')} value={first} onChange={setFirst} />
            </Field>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {preview && t(preview.key, preview.params)}
              {next && ` · ${t('rounds.next-date', { date: next })}`}
            </p>
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </>
        )}
        <DialogFooter>
          {confirming && (
            <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
              {t('general.cancel')}
            </Button>
          )}
          <Button type="submit">{confirming ? t('rounds.apply-schedule') : t('general.save')}</Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
