import './strings.ts';
import type { Balance } from '@roundwise/core';
import { Download, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { secondaryButtonClass } from '../../components/form';
import { useMoney } from '../../lib/format';
import { type Cell, type ReportTable, tableCsv } from './report-model';

/** From and to of a report: a chosen period (both ends included). */
export function PeriodPicker({
  period,
  onChange,
  atOnly = false,
}: {
  period: Balance.Period;
  onChange: (p: Balance.Period) => void;
  /** A report at one day (the balance sheet, aged debtors): only the "to" day. */
  atOnly?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-end gap-3 print:hidden" data-testid="report-period">
      {!atOnly && (
        <div className="flex flex-col gap-1.5 text-sm">
          <span className="font-medium">{t('balance.from')}</span>
          <DateField
            value={period.from}
            label={t('balance.from')}
            onChange={(from) => from && onChange({ ...period, from })}
          />
        </div>
      )}
      <div className="flex flex-col gap-1.5 text-sm">
        <span className="font-medium">{atOnly ? t('balance.at') : t('balance.to')}</span>
        <DateField
          value={period.to}
          label={atOnly ? t('balance.at') : t('balance.to')}
          onChange={(to) => to && onChange({ ...period, to })}
        />
      </div>
    </div>
  );
}

/** A report's table with its print and CSV buttons. */
export function ReportView({
  title,
  table,
  fileName,
}: {
  title: string;
  table: ReportTable;
  fileName: string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const show = (c: Cell) => (typeof c === 'string' ? c : money(c.pence / 100));
  const download = () => {
    const url = URL.createObjectURL(new Blob([tableCsv(table)], { type: 'text/csv;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${fileName}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <button type="button" className={secondaryButtonClass} onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden />
          {t('balance.print')}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={download}>
          <Download className="size-4" aria-hidden />
          {t('balance.export-csv')}
        </button>
      </div>
      <h2 className="hidden text-lg font-semibold print:block">{title}</h2>
      {/* Focusable so a keyboard can scroll a wide report (twelve months) sideways. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1) */}
      <section className="overflow-x-auto rounded-lg border" tabIndex={0} aria-label={title}>
        <table className="w-full text-sm" data-testid="report-table">
          <thead className="bg-muted">
            <tr>
              {table.head.map((h, i) => (
                <th
                  key={h}
                  scope="col"
                  className={`whitespace-nowrap px-3 py-2 font-medium ${i === 0 ? 'sticky left-0 bg-muted text-left' : 'text-right'}`}
                >
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.length === 0 && (
              <tr>
                <td colSpan={table.head.length} className="px-3 py-6 text-center text-muted-foreground">
                  {t('balance.report-empty')}
                </td>
              </tr>
            )}
            {table.rows.map((row, r) => {
              const heading = row.slice(1).every((c) => c === '');
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a report's rows are fixed for one render
                <tr key={r} className={heading ? 'bg-muted' : 'border-t'}>
                  {row.map((c, i) =>
                    i === 0 ? (
                      <th
                        key="label"
                        scope="row"
                        className={`sticky left-0 min-w-32 px-3 py-1.5 text-left ${heading ? 'bg-muted font-semibold' : 'bg-card font-normal'}`}
                      >
                        {show(c)}
                      </th>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                      <td key={i} className="whitespace-nowrap px-3 py-1.5 text-right tabular-nums">
                        {show(c)}
                      </td>
                    ),
                  )}
                </tr>
              );
            })}
          </tbody>
          {table.foot && (
            <tfoot className="border-t-2 font-semibold">
              <tr>
                {table.foot.map((c, i) =>
                  i === 0 ? (
                    <th key="label" scope="row" className="sticky left-0 bg-card px-3 py-2 text-left">
                      {show(c)}
                    </th>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                    <td key={i} className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                      {show(c)}
                    </td>
                  ),
                )}
              </tr>
            </tfoot>
          )}
        </table>
      </section>
      {table.note && <p className="text-sm text-muted-foreground">{table.note}</p>}
    </div>
  );
}
