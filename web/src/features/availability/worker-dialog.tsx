import './strings.ts';
import { Availability } from '@roundwise/core';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../components/form';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { dayLabel } from '../../lib/format';
import { toast } from '../../lib/toast';
import { NumericInput } from './numeric-input';

/** A worker's skills, hours per weekday and the week's own hours (Owner, Admin, Planner). */
export function WorkerDialog({
  userId,
  name,
  record,
  week,
  canEdit,
  onClose,
}: {
  userId: string;
  name: string;
  record: Availability.WorkerAvailability | undefined;
  week: string[];
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const setWorker = useCommand(Availability.setWorker);
  const setDay = useCommand(Availability.setDay);
  const onError = (e: unknown) => toast.error(errorText(t, e));
  const defaults = record?.defaultAvailability ?? {};
  const [skill, setSkill] = useState('');
  const skills = record?.skills ?? [];
  const saveSkills = (next: string[]) => setWorker.mutate({ userId, skills: next }, { onError });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{name}</DialogTitle>
          <DialogDescription>{t('availability.worker-hint')}</DialogDescription>
        </DialogHeader>
        <fieldset disabled={!canEdit} className="grid gap-4">
          <section className="grid gap-2">
            <h3 className="text-sm font-semibold">{t('availability.skills')}</h3>
            <ul className="flex flex-wrap gap-1" aria-label={t('availability.skills')}>
              {skills.map((s) => (
                <li key={s} className="flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs">
                  {s}
                  <button
                    type="button"
                    aria-label={t('availability.remove-skill', { skill: s })}
                    onClick={() => saveSkills(skills.filter((x) => x !== s))}
                  >
                    <X className="size-3" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
            <form
              className="flex gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (skill.trim()) saveSkills([...skills, skill.trim()]);
                setSkill('');
              }}
            >
              <Field label={t('availability.add-skill')}>
                <input
                  className={inputClass}
                  value={skill}
                  maxLength={60}
                  onChange={(e) => setSkill(e.target.value)}
                />
              </Field>
              <Button type="submit" variant="outline" className="self-end">
                {t('availability.add')}
              </Button>
            </form>
          </section>
          <section className="grid gap-2">
            <h3 className="text-sm font-semibold">{t('availability.default-hours')}</h3>
            <div className="grid grid-cols-7 gap-1">
              {Availability.WEEKDAYS.map((d, i) => (
                <div key={d} className="grid gap-1 text-center text-xs">
                  <span aria-hidden>{dayLabel(week[i]!, i18n.language).split(' ')[0]}</span>
                  <NumericInput
                    label={t('availability.weekday-hours', { day: t(`availability.${d}`) })}
                    value={defaults[d]}
                    placeholder="0"
                    onCommit={(hours) =>
                      setWorker.mutate(
                        { userId, defaultAvailability: { ...defaults, [d]: hours } },
                        { onError },
                      )
                    }
                  />
                </div>
              ))}
            </div>
          </section>
          <section className="grid gap-2">
            <h3 className="text-sm font-semibold">{t('availability.this-week')}</h3>
            <div className="grid grid-cols-7 gap-1">
              {week.map((day) => {
                const own = record?.availability[day];
                return (
                  <div key={day} className="grid gap-1 text-center text-xs">
                    <span aria-hidden>{dayLabel(day, i18n.language)}</span>
                    <NumericInput
                      label={t('availability.day-hours', { day: dayLabel(day, i18n.language, 'long') })}
                      value={own}
                      placeholder={String(Availability.availableOn(record, day))}
                      onCommit={(hours) => setDay.mutate({ userId, day, hours }, { onError })}
                    />
                    {own !== undefined && (
                      <button
                        type="button"
                        className="text-muted-foreground underline"
                        onClick={() => setDay.mutate({ userId, day, hours: null }, { onError })}
                      >
                        {t('availability.use-default')}
                      </button>
                    )}
                  </div>
                );
              })}
            </div>
          </section>
        </fieldset>
      </DialogContent>
    </Dialog>
  );
}
