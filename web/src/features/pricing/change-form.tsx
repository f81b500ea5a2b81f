import './strings.ts';
import { Pricing, type Send } from '@roundwise/core';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { FilterGroupsEditor } from '../../components/filter-groups-editor';
import { Card, Field, inputClass } from '../../components/form';
import { Screen } from '../../components/screen';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { useCommand } from '../../lib/commands/use-command';
import { businessToday } from '../../lib/dates';
import { errorText } from '../../lib/errors';
import { useEntity } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { ImpactSummary } from './impact';
import { dayOf, usePreview } from './use-preview';

/**
 * `/pricing/changes/create` and `/pricing/changes/{id}/edit` (spec 002 sections 2.6 and 5): name,
 * planned date, percentage or fixed, the value (a percentage as a whole percent), the rounding
 * step, and the affected-jobs filter with a live count. A change with a result is not edited.
 */
export function ChangeEditor({ changeId }: { changeId?: string }) {
  const { t } = useTranslation();
  const existing = useEntity<Pricing.PriceChange>('price-change', changeId);
  if (changeId && !existing) {
    return (
      <Screen title={t('pricing.title')}>
        <p>{t('price-change.not-found')}</p>
      </Screen>
    );
  }
  return <ChangeForm key={existing?._id ?? 'new'} change={existing} />;
}

/** The planned moment of a day: now when it is today (applied at once), else that day's start. */
function plannedOf(day: string): number {
  if (day === businessToday()) return Date.now();
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!).getTime();
}

function ChangeForm({ change }: { change?: Pricing.PriceChange }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCommand(Pricing.create);
  const update = useCommand(Pricing.update);
  // Spec 002 section 9: a new change is a percentage of 1, planned now.
  const [name, setName] = useState(change?.name ?? '');
  const [description, setDescription] = useState(change?.description ?? '');
  const [day, setDay] = useState(change ? dayOf(change.plannedDate) : businessToday());
  const [is, setIs] = useState<Pricing.PriceChangeType['is']>(change?.type.is ?? 'percentage');
  const [value, setValue] = useState(String(change ? Pricing.formValue(change.type) : 1));
  const [nearest, setNearest] = useState<number>(
    change?.type.is === 'percentage' ? change.type.nearest : 0.01,
  );
  const [groups, setGroups] = useState<Send.FilterGroups>(change?.affectedJobFilter ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const number = Number(value);
  const type: Pricing.PriceChangeType =
    is === 'percentage'
      ? { is, value: Pricing.storedValue(is, Number.isFinite(number) ? number : 0), nearest }
      : { is, value: Number.isFinite(number) ? number : 0 };
  const plannedDate =
    change && day === dayOf(change.plannedDate) ? change.plannedDate : day ? plannedOf(day) : 0;
  const preview = usePreview({
    type,
    affectedJobFilter: groups,
    plannedDate,
    notifiedAt: change?.notifiedAt,
  });

  const fields = () => {
    const parsed = Pricing.PriceChangeFields.safeParse({
      name,
      description,
      plannedDate: day ? plannedDate : undefined,
      type: value.trim() === '' ? { ...type, value: undefined } : type,
      affectedJobFilter: groups,
    });
    if (parsed.success) return parsed.data;
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === 'type' ? String(issue.path[1]) : String(issue.path[0]);
      found[key] ??= t(issue.message);
    }
    setErrors(found);
    return undefined;
  };
  const save = () => {
    const valid = fields();
    if (!valid) return;
    const failed = (error: unknown) => toast.error(errorText(t, error));
    if (change) update.mutate({ _id: change._id, ...valid }, { onError: failed });
    else create.mutate(valid, { onError: failed });
    void navigate({
      to: change ? '/pricing/changes/$changeId' : '/pricing/changes',
      params: { changeId: change?._id ?? '' },
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Spec 002 section 4: editing after the customers were told asks first.
    if (change?.notified && fields()) return setConfirming(true);
    save();
  };
  const clear = (key: string) => setErrors(({ [key]: _, ...rest }) => rest);

  return (
    <Screen title={change ? change.name : t('pricing.create-title')}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Card className="flex flex-col gap-3">
          <Field label={t('pricing.name')} error={errors.name}>
            <input
              className={inputClass}
              value={name}
              maxLength={200}
              aria-invalid={!!errors.name}
              onChange={(e) => {
                setName(e.target.value);
                clear('name');
              }}
            />
          </Field>
          <Field label={t('pricing.description')}>
            <input
              className={inputClass}
              value={description}
              maxLength={2000}
              onChange={(e) => setDescription(e.target.value)}
            />
          </Field>
          <Field label={t('pricing.planned-date')} error={errors.plannedDate}>
            <DateField
              label={t('pricing.planned-date')}
              value={day}
              invalid={!!errors.plannedDate}
              onChange={(iso) => {
                setDay(iso);
                clear('plannedDate');
              }}
            />
          </Field>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label={t('pricing.type')}>
              <select
                className={inputClass}
                value={is}
                onChange={(e) => setIs(e.target.value as Pricing.PriceChangeType['is'])}
              >
                <option value="percentage">{t('pricing.type-percentage')}</option>
                <option value="fixed">{t('pricing.type-fixed')}</option>
              </select>
            </Field>
            <Field
              label={t(is === 'percentage' ? 'pricing.value-percentage' : 'pricing.value-fixed')}
              hint={t('pricing.value-hint')}
              error={errors.value}
            >
              <input
                className={inputClass}
                type="number"
                step="any"
                inputMode="decimal"
                value={value}
                aria-invalid={!!errors.value}
                onChange={(e) => {
                  setValue(e.target.value);
                  clear('value');
                }}
              />
            </Field>
            {is === 'percentage' && (
              <Field label={t('pricing.nearest')} error={errors.nearest}>
                <select
                  className={inputClass}
                  value={nearest}
                  onChange={(e) => setNearest(Number(e.target.value))}
                >
                  {Pricing.NEAREST.map((n) => (
                    <option key={n} value={n}>
                      {n.toFixed(2)}
                    </option>
                  ))}
                </select>
              </Field>
            )}
          </div>
        </Card>
        <Card className="flex flex-col gap-3">
          <h2 className="font-medium">{t('pricing.affected-jobs')}</h2>
          <p className="text-sm text-muted-foreground">{t('pricing.filter-help')}</p>
          <FilterGroupsEditor groups={groups} fields={Pricing.JOB_FILTER_FIELDS} onChange={setGroups} />
        </Card>
        <Card>
          <ImpactSummary preview={preview} />
        </Card>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => window.history.back()}>
            {t('general.cancel')}
          </Button>
          <Button type="submit">{t('general.save')}</Button>
        </div>
      </form>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('price-change.edit-confirm-notified')}</AlertDialogTitle>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction onClick={save}>{t('general.save')}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Screen>
  );
}
