import '../strings.ts';
import type { Portal } from '@roundwise/core';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass, secondaryButtonClass } from '../../../components/form';
import { useMoney } from '../../../lib/format';

/**
 * Prepayment options (spec 002 section 5): an option needs a non-blank label and an amount, and
 * any option needs the card payment provider's publishable key, else
 * `directory.stripe-not-connected` (the server refuses the save with the same key).
 */
export function PrepayOptions({
  options,
  cardKey,
  onOptions,
  onCardKey,
}: {
  options: Portal.PrepayOption[];
  cardKey: string;
  onOptions: (options: Portal.PrepayOption[]) => void;
  onCardKey: (key: string) => void;
}) {
  const { t } = useTranslation();
  const formatMoney = useMoney();
  const [label, setLabel] = useState('');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string>();
  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!cardKey.trim()) return setProblem('directory.stripe-not-connected');
    const value = Number(amount);
    if (!label.trim() || amount.trim() === '' || !(value > 0))
      return setProblem('portal-settings.prepay-option-incomplete');
    onOptions([...options, { label: label.trim(), amount: Math.round(value * 100) / 100 }]);
    setLabel('');
    setAmount('');
    setProblem(undefined);
  };
  const canAdd = label.trim() !== '' && amount.trim() !== '';
  return (
    <div className="flex flex-col gap-3">
      <Field
        label={t('portal-settings.card-provider-key')}
        hint={t('portal-settings.card-provider-key-hint')}
      >
        <input
          className={inputClass}
          value={cardKey}
          placeholder="pk_live_..."
          spellCheck={false}
          onChange={(e) => {
            onCardKey(e.target.value.trim());
            setProblem(undefined);
          }}
        />
      </Field>
      <h3 className="text-sm font-medium">{t('portal-settings.prepay-options')}</h3>
      {options.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm">
          {options.map((o, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options have no id; the list changes only here
            <li key={i} className="flex items-center justify-between rounded-md border px-3 py-1">
              <span>
                {o.label}: {formatMoney(o.amount)}
              </span>
              <button
                type="button"
                className="rounded p-1 hover:bg-accent"
                aria-label={t('portal-settings.remove-prepay-option', { label: o.label })}
                onClick={() => onOptions(options.filter((_, j) => j !== i))}
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="grid items-end gap-2 sm:grid-cols-[1fr_8rem_auto]" noValidate>
        <Field label={t('portal-settings.prepay-label')}>
          <input
            className={inputClass}
            value={label}
            maxLength={60}
            onChange={(e) => setLabel(e.target.value)}
          />
        </Field>
        <Field label={t('portal-settings.prepay-amount')}>
          <input
            className={inputClass}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </Field>
        <button type="submit" className={secondaryButtonClass} disabled={!canAdd}>
          <Plus className="size-4" aria-hidden />
          {t('portal-settings.add-prepay-option')}
        </button>
      </form>
      {(problem || (options.length > 0 && !cardKey)) && (
        <p role="alert" className="text-sm text-destructive">
          {t(problem ?? 'directory.stripe-not-connected')}
        </p>
      )}
    </div>
  );
}
