import '../strings.ts';
import { Balance, Portal } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight, Download, ListFilter } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, inputClass, secondaryButtonClass } from '../../../components/form';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { cn } from '../../../lib/utils';
import type { AnalyticsLead } from './get-analytics';

/** The table's page sizes (spec 002 section 9), 10 first. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * 'All Leads': the period's leads, newest first, filtered by status (a menu of the nine), paged
 * 10/25/50/100, exported as CSV (the filtered rows); View opens the lead, which is the customer.
 */
export function LeadsTable({ leads, timeZone }: { leads: readonly AnalyticsLead[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const sizeId = useId();
  const [shown, setShown] = useState<ReadonlySet<Portal.LeadStatus>>(new Set(Portal.LEAD_STATUSES));
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const [page, setPage] = useState(0);
  const rows = useMemo(() => leads.filter((l) => shown.has(l.status)), [leads, shown]);
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const at = Math.min(page, pages - 1);
  const visible = rows.slice(at * size, at * size + size);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const status = (s: Portal.LeadStatus) => t(`portal.analytics.status.${s}`);
  const head = ['created-at', 'ref', 'name', 'email', 'phone', 'status'] as const;

  const toggle = (s: Portal.LeadStatus) => {
    const next = new Set(shown);
    if (next.has(s)) next.delete(s);
    else next.add(s);
    setShown(next);
    setPage(0);
  };
  const exportCsv = () => {
    const csv = Balance.toCsv([
      head.map((h) => t(`portal.analytics.col.${h}`)),
      ...rows.map((l) => [l.createdDate, l.ref, l.name, l.email, l.telephoneNumber, status(l.status)]),
    ]);
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'portal-leads.csv';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <Card className="flex flex-col gap-3" data-testid="all-leads">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{t('portal.all-leads')}</h3>
        <div className="flex flex-wrap items-center gap-2">
          <DropdownMenu>
            <DropdownMenuTrigger className={secondaryButtonClass}>
              <ListFilter className="size-4" aria-hidden />
              {shown.size === Portal.LEAD_STATUSES.length
                ? t('portal.analytics.filter-all')
                : `${t('portal.analytics.filter')} (${shown.size})`}
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {Portal.LEAD_STATUSES.map((s) => (
                <DropdownMenuCheckboxItem
                  key={s}
                  checked={shown.has(s)}
                  onSelect={(e) => e.preventDefault()}
                  onCheckedChange={() => toggle(s)}
                >
                  {status(s)}
                </DropdownMenuCheckboxItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
          <button type="button" className={secondaryButtonClass} onClick={exportCsv} disabled={!rows.length}>
            <Download className="size-4" aria-hidden />
            {t('portal.analytics.export')}
          </button>
        </div>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1) */}
      <section className="overflow-x-auto" tabIndex={0} aria-label={t('portal.all-leads')}>
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              {head.map((h) => (
                <th key={h} scope="col" className="whitespace-nowrap px-2 py-2 font-medium">
                  {t(`portal.analytics.col.${h}`)}
                </th>
              ))}
              <th scope="col" className="px-2 py-2">
                <span className="sr-only">{t('portal.analytics.view')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {visible.length === 0 ? (
              <tr>
                <td colSpan={head.length + 1} className="px-2 py-8 text-center text-muted-foreground">
                  {t('portal.no-leads')}
                </td>
              </tr>
            ) : (
              visible.map((l) => (
                <tr key={l._id} className="border-b last:border-0">
                  <td className="whitespace-nowrap px-2 py-2">{date.format(new Date(l.createdDate))}</td>
                  <td className="px-2 py-2">{l.ref}</td>
                  <td className="px-2 py-2">{l.name}</td>
                  <td className="px-2 py-2 break-all">{l.email}</td>
                  <td className="whitespace-nowrap px-2 py-2">{l.telephoneNumber}</td>
                  <td className="px-2 py-2">
                    <span className="rounded-full bg-muted px-2 py-0.5 text-xs" data-status={l.status}>
                      {status(l.status)}
                    </span>
                  </td>
                  <td className="px-2 py-2 text-right">
                    <Link
                      to="/customers/{-$customerId}/{-$tab}"
                      params={{ customerId: l._id }}
                      className={secondaryButtonClass}
                      aria-label={t('portal.analytics.view-lead', { name: l.name })}
                    >
                      {t('portal.analytics.view')}
                    </Link>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      <div className="flex flex-wrap items-center justify-end gap-3 text-sm">
        <label htmlFor={sizeId} className="text-muted-foreground">
          {t('portal.analytics.rows-per-page')}
        </label>
        <select
          id={sizeId}
          className={cn(inputClass, 'w-auto')}
          value={size}
          onChange={(e) => {
            setSize(Number(e.target.value));
            setPage(0);
          }}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        <span aria-live="polite">
          {t('portal.analytics.page-of', {
            from: rows.length ? at * size + 1 : 0,
            to: Math.min(rows.length, at * size + size),
            count: rows.length,
          })}
        </span>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => setPage(at - 1)}
          disabled={at === 0}
          aria-label={t('portal.analytics.previous-page')}
        >
          <ChevronLeft className="size-4" aria-hidden />
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => setPage(at + 1)}
          disabled={at >= pages - 1}
          aria-label={t('portal.analytics.next-page')}
        >
          <ChevronRight className="size-4" aria-hidden />
        </button>
      </div>
    </Card>
  );
}
