import './strings.ts';
import { Pricing } from '@roundwise/core';
import { useTranslation } from 'react-i18next';
import { dayLabel, money } from '../../lib/format';

/** "+3 % (to the nearest £0.50) · 1 Dec 2026": what a change does and when. */
export function ChangeSummary({ change }: { change: Pricing.PriceChange }) {
  const { t, i18n } = useTranslation();
  const shown = Pricing.formValue(change.type);
  const sign = shown > 0 ? '+' : '';
  const what =
    change.type.is === 'percentage'
      ? t('pricing.summary-percentage', {
          value: `${sign}${shown}`,
          nearest: money(change.type.nearest, i18n.language),
        })
      : `${sign}${money(shown, i18n.language)}`;
  const when = dayLabel(new Date(change.plannedDate).toISOString().slice(0, 10), i18n.language);
  const scheduled = change.scheduledFor !== undefined ? ` · ${t('pricing.scheduled')}` : '';
  const notified = change.notified ? ` · ${t('pricing.notified')}` : '';
  return (
    <span>
      {what} · {when}
      {scheduled}
      {notified}
    </span>
  );
}
