import './strings.ts';
import type { Pricing } from '@roundwise/core';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { dayLabel, money } from '../../lib/format';

/**
 * Direct-debit customers listed at first: a city's change made today has a thousand or more
 * inside the notice, and a list of them all would hold up the preview's paint.
 */
const PAGE = 10;

/**
 * The preview's figures (the "preview before applying"): how many jobs change, the
 * monthly and yearly revenue change by round, and the direct-debit customers whose next
 * collection falls inside the notice period.
 */
export function ImpactSummary({ preview }: { preview: Pricing.Preview }) {
  const { t, i18n } = useTranslation();
  const [noticeShown, setNoticeShown] = useState(PAGE);
  const signed = (n: number) => `${n > 0 ? '+' : ''}${money(n, i18n.language)}`;
  return (
    <div className="flex flex-col gap-3">
      <h2 className="font-medium" aria-live="polite">
        {t('pricing.jobs-affected', { count: preview.jobs.length })}
      </h2>
      {preview.jobs.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('pricing.by-round')}</caption>
            <thead className="text-left text-muted-foreground">
              <tr>
                <th className="py-1 pr-2 font-medium">{t('pricing.round')}</th>
                <th className="py-1 pr-2 text-right font-medium">{t('pricing.jobs')}</th>
                <th className="py-1 pr-2 text-right font-medium">{t('pricing.monthly')}</th>
                <th className="py-1 text-right font-medium">{t('pricing.yearly')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.byRound.map((r) => (
                <tr key={r.roundId} className="border-t">
                  <td className="py-1 pr-2">{r.name || t('pricing.no-round')}</td>
                  <td className="py-1 pr-2 text-right tabular-nums whitespace-nowrap">{r.jobs}</td>
                  <td className="py-1 pr-2 text-right tabular-nums whitespace-nowrap">{signed(r.monthly)}</td>
                  <td className="py-1 text-right tabular-nums whitespace-nowrap">{signed(r.yearly)}</td>
                </tr>
              ))}
              <tr className="border-t font-medium">
                <td className="py-1 pr-2">{t('pricing.total')}</td>
                <td className="py-1 pr-2 text-right tabular-nums whitespace-nowrap">{preview.jobs.length}</td>
                <td className="py-1 pr-2 text-right tabular-nums whitespace-nowrap">
                  {signed(preview.total.monthly)}
                </td>
                <td className="py-1 text-right tabular-nums whitespace-nowrap">
                  {signed(preview.total.yearly)}
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      )}
      {preview.notice.length > 0 && (
        <div className="rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm">
          <p className="flex items-start gap-2 font-medium">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('pricing.notice-title', {
              count: preview.notice.length,
              date: dayLabel(preview.noticeEnd, i18n.language),
            })}
          </p>
          <ul className="mt-2 flex flex-col gap-1 pl-6">
            {preview.notice.slice(0, noticeShown).map((n) => (
              <li key={n.customerId}>
                {t('pricing.notice-customer', { name: n.name, date: dayLabel(n.nextVisit, i18n.language) })}
              </li>
            ))}
          </ul>
          {preview.notice.length > noticeShown && (
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() => setNoticeShown(noticeShown + PAGE)}
            >
              {t('pricing.show-more', { count: Math.min(PAGE, preview.notice.length - noticeShown) })}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** Each affected job with its old and new price (the affected-jobs screen and the detail's start). */
export function JobPrices({ jobs, limit }: { jobs: readonly Pricing.PreviewJob[]; limit?: number }) {
  const { t, i18n } = useTranslation();
  const shown = limit ? jobs.slice(0, limit) : jobs;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('pricing.affected-jobs')}</caption>
        <thead className="text-left text-muted-foreground">
          <tr>
            <th className="py-1 pr-2 font-medium">{t('pricing.customer')}</th>
            <th className="hidden py-1 pr-2 font-medium sm:table-cell">{t('pricing.round')}</th>
            <th className="py-1 pr-2 text-right font-medium">{t('pricing.old-price')}</th>
            <th className="py-1 text-right font-medium">{t('pricing.new-price')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((j) => (
            <tr key={j.jobId} className="border-t">
              <td className="py-1 pr-2">
                <div className="font-medium">{j.customerName}</div>
                <div className="text-xs text-muted-foreground">{j.address}</div>
              </td>
              <td className="hidden py-1 pr-2 sm:table-cell">{j.roundName}</td>
              <td className="py-1 pr-2 text-right tabular-nums whitespace-nowrap">
                {money(j.oldPrice, i18n.language)}
              </td>
              <td className="py-1 text-right tabular-nums whitespace-nowrap">
                {money(j.newPrice, i18n.language)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
