import './strings.ts';
import { atLeast, type Entity, newId, Quotes, type Rounds } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentList } from '../../components/attachments/attachment-list';
import { AttachmentUpload } from '../../components/attachments/attachment-upload';
import { CustomerPicker } from '../../components/customer-picker';
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
import { useCommand } from '../../lib/commands/use-command';
import { businessToday } from '../../lib/dates';
import { errorText } from '../../lib/errors';
import { money } from '../../lib/format';
import { useActor, useMe } from '../../lib/me';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { useResetOnOpen } from '../../lib/use-reset-on-open';
import {
  draftOf,
  emptyItem,
  firstProblem,
  type ItemDraft,
  inputOf,
  newDraft,
  type QuoteDraft,
  UTM_KEYS,
} from './quote-draft';

/**
 * New or edit quote (spec 000 sections 2.8, 3, 5): the quote form fields, items built as quoted
 * jobs, the totals computed live by core's `quoteTotals`, date and expiry set only through date
 * pickers, the three states only when editing. Checked before saving: the first problem shows, or
 * `general.validation-failed`; a second job below Advanced shows the upgrade prompt instead.
 */
export function QuoteFormDialog({
  open,
  onOpenChange,
  quote,
  settings,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  quote?: Entity<Quotes.Quote>;
  settings: Quotes.QuoteSettings;
  onCreated?: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const actor = useActor();
  const currency = useMe().account.settings.currency ?? 'GBP';
  const create = useCommand(Quotes.create);
  const update = useCommand(Quotes.update);
  const rounds = useEntityList<Rounds.Round>('round');
  const sortedRounds = useMemo(
    () => [...rounds].sort((a, b) => a.description.localeCompare(b.description)),
    [rounds],
  );
  const [draft, setDraft] = useState<QuoteDraft>(() => newDraft(settings, businessToday(), currency));
  const [problem, setProblem] = useState<string>();
  const [upgrade, setUpgrade] = useState(false);
  useResetOnOpen(open, () => {
    setDraft(quote ? draftOf(quote) : newDraft(settings, businessToday(), currency));
    setProblem(undefined);
    setUpgrade(false);
  });

  const set = (patch: Partial<QuoteDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setItem = (i: number, patch: Partial<ItemDraft>) =>
    setDraft((d) => ({ ...d, items: d.items.map((it, k) => (k === i ? { ...it, ...patch } : it)) }));
  const input = inputOf(draft);
  const totals = Quotes.quoteTotals({
    items: input.items.map((i) => ({ quantity: i.quantity || 0, unitPrice: i.unitPrice || 0 })),
    taxRate: input.taxRate || 0,
    priceIncludesTax: input.priceIncludesTax,
    discountTotal: input.discountTotal || 0,
  });
  const fmt = (n: number) => money(n, i18n.language, draft.currency);

  const addItem = () => {
    // A second job on a quote needs Advanced or above (spec 000 section 5).
    if (draft.items.length >= 1 && !atLeast(actor.level, 'Advanced')) {
      setUpgrade(true);
      return;
    }
    set({ items: [...draft.items, emptyItem()] });
  };

  const save = () => {
    const found = firstProblem(draft, actor.level);
    if (found === 'quote.upgrade-for-more-jobs') setUpgrade(true);
    if (found) {
      setProblem(found);
      return;
    }
    const onError = (e: unknown) => toast.error(`${t('quote.failed-to-save')} ${errorText(t, e)}`);
    if (quote) {
      const { customerId, ...fields } = input;
      update.mutate(
        {
          ...fields,
          _id: quote._id,
          state: draft.state,
          ...(draft.state === 'declined' ? { declineReason: draft.declineReason } : {}),
        },
        { onError },
      );
    } else {
      const _id = newId();
      create.mutate({ ...input, _id }, { onError });
      onCreated?.(_id);
    }
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-3xl" data-testid="quote-form">
        <DialogHeader>
          <DialogTitle>{quote ? t('quotes.edit') : t('quotes.new')}</DialogTitle>
          <DialogDescription>{t('quotes.form-description')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          {!quote && (
            // Not a wrapping <Field>: the picker's list would become part of the box's name.
            <div className="flex flex-col gap-1.5 text-sm">
              <label htmlFor="quote-customer" className="font-medium">
                {t('quotes.customer')}
              </label>
              <CustomerPicker
                id="quote-customer"
                value={draft.customerId || undefined}
                onChange={(c) =>
                  set({
                    customerId: c._id,
                    address: c.address?.addressDescription ?? draft.address,
                    lngLat: c.address?.lngLat ? [...c.address.lngLat] : undefined,
                    // A quote carries the customer's campaign (UTM) by default, where the level allows UTM.
                    utm: atLeast(actor.level, 'Ultimate')
                      ? Object.fromEntries(Object.entries(c.utmParams ?? {}).map(([k, v]) => [k, v ?? '']))
                      : {},
                  })
                }
              />
            </div>
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={t('quotes.name')}>
              <input
                className={inputClass}
                value={draft.name}
                onChange={(e) => set({ name: e.target.value })}
              />
            </Field>
            <div className="flex flex-col gap-3 sm:col-span-2">
              <AddressSearch onPick={(place) => set({ address: place.address, lngLat: place.lngLat })} />
              <Field label={t('quotes.address')}>
                <textarea
                  rows={4}
                  className={`${inputClass} h-auto py-2`}
                  value={draft.address}
                  // Text changed by hand no longer matches the coordinates found for it.
                  onChange={(e) => set({ address: e.target.value, lngLat: undefined })}
                />
              </Field>
            </div>
            <DatePickerField label={t('quotes.date')} value={draft.date} onChange={(date) => set({ date })} />
            <DatePickerField
              label={t('quotes.expiry')}
              value={draft.expiry}
              onChange={(expiry) => set({ expiry })}
            />
          </div>

          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-medium">{t('quotes.items')}</legend>
            {draft.items.map((item, i) => (
              <ItemFields
                // biome-ignore lint/suspicious/noArrayIndexKey: items have no id until saved; order is the identity
                key={i}
                index={i}
                item={item}
                rounds={sortedRounds}
                onChange={(patch) => setItem(i, patch)}
                onRemove={
                  draft.items.length > 1
                    ? () => set({ items: draft.items.filter((_, k) => k !== i) })
                    : undefined
                }
                total={fmt(totals.itemTotals[i] ?? 0)}
              />
            ))}
            {upgrade && (
              <p role="alert" className="rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm">
                {t('quote.upgrade-for-more-jobs')}{' '}
                {actor.roles.includes('Owner') && (
                  <Link to="/account/subscription/{-$trialEnding}" className="font-medium underline">
                    {t('quotes.upgrade')}
                  </Link>
                )}
              </p>
            )}
            <button type="button" className={`${secondaryButtonClass} self-start`} onClick={addItem}>
              <Plus className="size-4" aria-hidden />
              {t('quotes.add-item')}
            </button>
          </fieldset>

          <div className="grid gap-3 sm:grid-cols-4">
            <Field label={t('quotes.currency')}>
              <input
                className={inputClass}
                maxLength={3}
                value={draft.currency}
                onChange={(e) => set({ currency: e.target.value.toUpperCase() })}
              />
            </Field>
            <Field label={t('quotes.tax-rate')}>
              <input
                className={inputClass}
                inputMode="decimal"
                value={draft.taxRate}
                onChange={(e) => set({ taxRate: e.target.value })}
              />
            </Field>
            <Field label={t('quotes.discount')}>
              <input
                className={inputClass}
                inputMode="decimal"
                value={draft.discountTotal}
                onChange={(e) => set({ discountTotal: e.target.value })}
              />
            </Field>
            <label className="flex items-center gap-2 pt-6 text-sm">
              <input
                type="checkbox"
                checked={draft.priceIncludesTax}
                onChange={(e) => set({ priceIncludesTax: e.target.checked })}
              />
              {t('quotes.price-includes-tax')}
            </label>
          </div>
          <dl className="grid grid-cols-2 gap-1 rounded-md border p-3 text-sm" data-testid="quote-totals">
            <dt>{t('quotes.subtotal')}</dt>
            <dd className="text-right tabular-nums">{fmt(totals.subtotal)}</dd>
            <dt>{t('quotes.discount')}</dt>
            <dd className="text-right tabular-nums">{fmt(totals.discountTotal)}</dd>
            <dt>{t('quotes.total-tax')}</dt>
            <dd className="text-right tabular-nums">{fmt(totals.totalTax)}</dd>
            <dt className="font-semibold">{t('quotes.total')}</dt>
            <dd className="text-right font-semibold tabular-nums">{fmt(totals.total)}</dd>
          </dl>
          <Field label={t('quotes.notes')} hint={t('quotes.notes-hint', { count: draft.notes.length })}>
            <textarea
              rows={3}
              maxLength={Quotes.NOTES_MAX + 1}
              className={`${inputClass} h-auto py-2`}
              value={draft.notes}
              onChange={(e) => set({ notes: e.target.value })}
            />
          </Field>
          {atLeast(actor.level, 'Ultimate') && (
            // Tracking fields are rarely typed by hand: folded away unless they already hold something.
            <details
              className="rounded-md border p-3"
              open={Object.values(draft.utm).some((v) => !!v)}
              data-testid="quote-utm"
            >
              <summary className="cursor-pointer text-sm font-medium">{t('quotes.advanced')}</summary>
              <fieldset className="mt-2 grid gap-2 sm:grid-cols-3">
                <legend className="sr-only">{t('quotes.utm')}</legend>
                {UTM_KEYS.map((key) => (
                  <Field key={key} label={key}>
                    <input
                      className={inputClass}
                      value={draft.utm[key] ?? ''}
                      onChange={(e) => set({ utm: { ...draft.utm, [key]: e.target.value } })}
                    />
                  </Field>
                ))}
              </fieldset>
            </details>
          )}
          <fieldset className="flex flex-col gap-2 rounded-md border p-3" data-testid="quote-attachments">
            <legend className="px-1 text-sm font-medium">{t('attachments.title')}</legend>
            {atLeast(actor.level, 'Ultimate') ? (
              <>
                <AttachmentList
                  ids={draft.attachments}
                  onRemove={(a) =>
                    setDraft((d) => ({ ...d, attachments: d.attachments.filter((id) => id !== a._id) }))
                  }
                />
                <AttachmentUpload
                  onUploaded={(a) => setDraft((d) => ({ ...d, attachments: [...d.attachments, a._id] }))}
                />
              </>
            ) : (
              // Attachments need level 3 (spec 000 section 5): the upgrade prompt instead.
              <p className="rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm">
                {t('access.level-required', { level: 'Ultimate' })}{' '}
                {actor.roles.includes('Owner') && (
                  <Link to="/account/subscription/{-$trialEnding}" className="font-medium underline">
                    {t('quotes.upgrade')}
                  </Link>
                )}
              </p>
            )}
          </fieldset>
          {quote && (
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label={t('quotes.state')}>
                <select
                  className={inputClass}
                  value={draft.state}
                  onChange={(e) => set({ state: e.target.value as Quotes.QuoteState })}
                >
                  {Quotes.QuoteState.options.map((s) => (
                    <option key={s} value={s}>
                      {t(`quote.tag-${s}`)}
                    </option>
                  ))}
                </select>
              </Field>
              {draft.state === 'declined' && (
                <Field label={t('quotes.decline-reason')}>
                  <input
                    className={inputClass}
                    value={draft.declineReason}
                    onChange={(e) => set({ declineReason: e.target.value })}
                  />
                </Field>
              )}
            </div>
          )}
          {problem && (
            <p role="alert" className="text-sm text-destructive" data-testid="quote-form-error">
              {t(problem)}
            </p>
          )}
          <DialogFooter>
            <button type="button" className={secondaryButtonClass} onClick={() => onOpenChange(false)}>
              {t('general.cancel')}
            </button>
            <button type="submit" className={buttonClass}>
              {t('general.save')}
            </button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ItemFields({
  index,
  item,
  rounds,
  onChange,
  onRemove,
  total,
}: {
  index: number;
  item: ItemDraft;
  rounds: Rounds.Round[];
  onChange: (patch: Partial<ItemDraft>) => void;
  onRemove?: () => void;
  total: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2 rounded-md border p-3" data-testid={`quote-item-${index}`}>
      <div className="grid gap-2 sm:grid-cols-2">
        <Field label={t('quotes.item-title')}>
          <input
            className={inputClass}
            value={item.title}
            onChange={(e) => onChange({ title: e.target.value })}
          />
        </Field>
        <Field label={t('quotes.item-description')}>
          <input
            className={inputClass}
            value={item.description}
            onChange={(e) => onChange({ description: e.target.value })}
          />
        </Field>
      </div>
      <Field label={t('quotes.item-long-description')}>
        <textarea
          rows={2}
          className={`${inputClass} h-auto py-2`}
          value={item.longDescription}
          onChange={(e) => onChange({ longDescription: e.target.value })}
        />
      </Field>
      <div className="grid gap-2 sm:grid-cols-5">
        <Field label={t('quotes.item-quantity')}>
          <input
            className={inputClass}
            inputMode="decimal"
            value={item.quantity}
            onChange={(e) => onChange({ quantity: e.target.value })}
          />
        </Field>
        <Field label={t('quotes.item-unit-price')}>
          <input
            className={inputClass}
            inputMode="decimal"
            value={item.unitPrice}
            onChange={(e) => onChange({ unitPrice: e.target.value })}
          />
        </Field>
        <Field label={t('quotes.item-frequency')}>
          <select
            className={inputClass}
            value={item.frequencyType}
            onChange={(e) => onChange({ frequencyType: e.target.value as ItemDraft['frequencyType'] })}
          >
            <option value="OneOff">{t('quotes.frequency-one-off')}</option>
            <option value="Weeks">{t('quotes.frequency-weeks')}</option>
            <option value="MonthsDayOfMonth">{t('quotes.frequency-months')}</option>
          </select>
        </Field>
        {item.frequencyType !== 'OneOff' && (
          <Field label={t('quotes.item-interval')}>
            <input
              className={inputClass}
              inputMode="numeric"
              value={item.frequencyInterval}
              onChange={(e) => onChange({ frequencyInterval: e.target.value })}
            />
          </Field>
        )}
        <Field label={t('quotes.item-round')}>
          <select
            className={inputClass}
            value={item.roundId}
            onChange={(e) => onChange({ roundId: e.target.value })}
          >
            <option value="">{t('quotes.no-round')}</option>
            {rounds.map((r) => (
              <option key={r._id} value={r._id}>
                {r.description}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="flex items-center justify-between text-sm">
        <span className="tabular-nums">
          {t('quotes.item-total')}: {total}
        </span>
        {onRemove && (
          <button type="button" className={secondaryButtonClass} onClick={onRemove}>
            <Trash2 className="size-4" aria-hidden />
            {t('quotes.remove-item')}
          </button>
        )}
      </div>
    </div>
  );
}

/** A date shown read-only (dd/mm/yyyy) and changed only through its calendar (spec 000 section 2.8). */
export function DatePickerField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (iso: string) => void;
}): ReactNode {
  return (
    <Field label={label}>
      <DateField readOnly label={label} value={value} onChange={onChange} />
    </Field>
  );
}
