import './strings.ts';
import { type Customers, type Entity, Quotes, type Rounds } from '@roundwise/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Field, inputClass, secondaryButtonClass } from '../../components/form';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { useActor } from '../../lib/me';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { draftOf, emptyItem, firstProblem, type ItemDraft, inputOf, type QuoteDraft } from './quote-draft';
import { DatePickerField } from './quote-form-dialog';

/**
 * The legacy quote dialog (spec 000 section 2.8): a quote of type appointment or other is one
 * piece of work, so it opens in a job form (what, notes, price, date, how often, round) instead of
 * the summary. Saving is `quotes.update` with that one job as the quote's item (the command keeps
 * a legacy quote to one job); converting books the job like any quote's.
 */
export function LegacyQuoteDialog({
  quote,
  customer,
  onOpenChange,
}: {
  quote: Entity<Quotes.Quote>;
  customer?: Customers.Customer;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const actor = useActor();
  const update = useCommand(Quotes.update);
  const convert = useCommand(Quotes.convert);
  const rounds = useEntityList<Rounds.Round>('round');
  const sortedRounds = useMemo(
    () => [...rounds].sort((a, b) => a.description.localeCompare(b.description)),
    [rounds],
  );
  const [draft, setDraft] = useState<QuoteDraft>(() => {
    const d = draftOf(quote);
    // A legacy quote imported without its job starts with an empty one.
    return d.items.length ? d : { ...d, items: [emptyItem()] };
  });
  const [problem, setProblem] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const job = draft.items[0]!;
  const setJob = (patch: Partial<ItemDraft>) =>
    setDraft((d) => ({ ...d, items: [{ ...d.items[0]!, ...patch }] }));
  const canEdit = actor.roles.some((r) => r === 'Owner' || r === 'Admin' || r === 'Creator');
  const canConvert = canEdit && !quote.convertedDate && quote.state !== 'declined';
  const type = t(`quotes.legacy-type-${quote.type ?? 'other'}`);

  const save = () => {
    const found = firstProblem(draft, actor.level);
    if (found) {
      setProblem(found);
      return;
    }
    const { customerId, ...fields } = inputOf(draft);
    update.mutate(
      { ...fields, _id: quote._id, type: quote.type, state: quote.state },
      { onError: (e) => toast.error(`${t('quote.failed-to-save')} ${errorText(t, e)}`) },
    );
    onOpenChange(false);
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-xl" data-testid="legacy-quote-dialog">
        <DialogHeader>
          <DialogTitle>
            {t('quotes.legacy-title', { type, number: quote.quoteNumber ?? t('quote.pending-sync') })}
          </DialogTitle>
          <DialogDescription>
            {customer?.name ? `${customer.name} · ` : ''}
            {t(`quote.tag-${quote.state}`)}
            {quote.convertedDate ? ` · ${t('quote.tag-converted')}` : ''}
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <p className="text-sm text-muted-foreground">{t('quotes.legacy-description')}</p>
          <fieldset disabled={!canEdit} className="flex flex-col gap-3">
            <Field label={t('quotes.legacy-job-description')}>
              <input
                className={inputClass}
                value={job.title}
                onChange={(e) => setJob({ title: e.target.value })}
              />
            </Field>
            <Field label={t('quotes.legacy-job-notes')}>
              <textarea
                rows={2}
                className={`${inputClass} h-auto py-2`}
                value={job.description}
                onChange={(e) => setJob({ description: e.target.value })}
              />
            </Field>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label={t('quotes.legacy-price')}>
                <input
                  className={inputClass}
                  inputMode="decimal"
                  value={job.unitPrice}
                  onChange={(e) => setJob({ unitPrice: e.target.value })}
                />
              </Field>
              <DatePickerField
                label={t('quotes.legacy-first-date')}
                value={draft.date}
                onChange={(date) =>
                  // The expiry never falls before the date (ISO days sort as text).
                  setDraft((d) => ({ ...d, date, expiry: [d.expiry, date].sort()[1] ?? date }))
                }
              />
            </div>
            <div className="grid gap-3 sm:grid-cols-3">
              <Field label={t('quotes.legacy-frequency')}>
                <select
                  className={inputClass}
                  value={job.frequencyType}
                  onChange={(e) => setJob({ frequencyType: e.target.value as ItemDraft['frequencyType'] })}
                >
                  <option value="OneOff">{t('quotes.frequency-one-off')}</option>
                  <option value="Weeks">{t('quotes.frequency-weeks')}</option>
                  <option value="MonthsDayOfMonth">{t('quotes.frequency-months')}</option>
                </select>
              </Field>
              {job.frequencyType !== 'OneOff' && (
                <Field label={t('quotes.legacy-every')}>
                  <input
                    className={inputClass}
                    inputMode="numeric"
                    value={job.frequencyInterval}
                    onChange={(e) => setJob({ frequencyInterval: e.target.value })}
                  />
                </Field>
              )}
              <Field label={t('quotes.legacy-round')}>
                <select
                  className={inputClass}
                  value={job.roundId}
                  onChange={(e) => setJob({ roundId: e.target.value })}
                >
                  <option value="">{t('quotes.legacy-no-round')}</option>
                  {sortedRounds.map((r) => (
                    <option key={r._id} value={r._id}>
                      {r.description}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
          </fieldset>
          {problem && (
            <p role="alert" className="text-sm text-destructive" data-testid="legacy-quote-error">
              {t(problem)}
            </p>
          )}
          <DialogFooter>
            {canConvert && (
              <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(true)}>
                {t('quotes.legacy-convert')}
              </button>
            )}
            <button type="button" className={secondaryButtonClass} onClick={() => onOpenChange(false)}>
              {t('general.cancel')}
            </button>
            {canEdit && (
              <button type="submit" className={buttonClass}>
                {t('general.save')}
              </button>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
      {/* Convert to jobs needs confirmation (spec 000 section 4). */}
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('quote.convert-to-jobs-confirm')}</AlertDialogTitle>
            <AlertDialogDescription>{t('quotes.convert-description')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                convert.mutate(
                  { _id: quote._id },
                  { onError: (e) => toast.error(`${t('quote.convert-jobs-error')} ${errorText(t, e)}`) },
                );
                toast.success(t('quote.convert-to-job-success'));
              }}
            >
              {t('quotes.legacy-convert')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Dialog>
  );
}
