import './strings.ts';
import { Balance } from '@roundwise/core';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card, Field, inputClass } from '../../components/form';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import type { Books } from './use-books';

/** Setup (the first time, then the dashboard) and settings: the year's first month and VAT. */
export function SettingsForm({ books, firstTime = false }: { books: Books; firstTime?: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const setup = useCommand(Balance.setup);
  const s = books.settings;
  const [month, setMonth] = useState(s?.yearStartMonth ?? 4);
  const [registered, setRegistered] = useState(s?.vatRegistered ?? false);
  const [vatNumber, setVatNumber] = useState(s?.vatNumber ?? '');
  const [rate, setRate] = useState(String(s?.salesVatRate ?? 20));
  const [submitted, setSubmitted] = useState(false);
  const setUp = s?.setupComplete === true;
  // To the dashboard once the setup is in the device's books (at once: the command runs on the
  // cache first, online or not); going before would be sent back here.
  useEffect(() => {
    if (firstTime && submitted && setUp) void navigate({ to: '/balance/$', params: { _splat: 'dashboard' } });
  }, [firstTime, submitted, setUp, navigate]);
  const months = Array.from({ length: 12 }, (_, i) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2026, i, 1)),
    ),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setup.mutate(
      { yearStartMonth: month, vatRegistered: registered, vatNumber, salesVatRate: Number(rate) || 0 },
      { onError: (x) => toast.error(errorText(t, x)) },
    );
    toast.success(firstTime ? t('balance.setup-done') : t('balance.settings-saved'));
    setSubmitted(true);
  };
  return (
    <form onSubmit={submit} className="mx-auto flex w-full max-w-xl flex-col gap-4" noValidate>
      {firstTime && (
        <div>
          <h2 className="text-lg font-semibold">{t('balance.setup-title')}</h2>
          <p className="text-sm text-muted-foreground">{t('balance.setup-intro')}</p>
        </div>
      )}
      <Card className="flex flex-col gap-4">
        <Field label={t('balance.year-start')} hint={t('balance.year-start-hint')}>
          <select className={inputClass} value={month} onChange={(e) => setMonth(Number(e.target.value))}>
            {months.map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        <div className="flex min-h-10 items-center gap-2">
          <Checkbox
            id="vat-registered"
            checked={registered}
            onCheckedChange={(on) => setRegistered(on === true)}
          />
          <Label htmlFor="vat-registered" className="cursor-pointer font-normal">
            {t('balance.vat-registered')}
          </Label>
        </div>
        {registered && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('balance.vat-number')}>
              <input
                className={inputClass}
                value={vatNumber}
                maxLength={20}
                onChange={(e) => setVatNumber(e.target.value)}
              />
            </Field>
            <Field label={t('balance.sales-vat-rate')} hint={t('balance.sales-vat-rate-hint')}>
              <input
                className={inputClass}
                inputMode="decimal"
                value={rate}
                onChange={(e) => setRate(e.target.value)}
              />
            </Field>
          </div>
        )}
      </Card>
      <button type="submit" className={`${buttonClass} self-end`}>
        {firstTime ? t('balance.setup-submit') : t('general.save')}
      </button>
    </form>
  );
}
