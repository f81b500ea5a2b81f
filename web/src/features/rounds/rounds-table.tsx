import './strings.ts';
import type { Jobs, Rounds } from '@roundwise/core';
import { useTranslation } from 'react-i18next';
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';

/** Spec 000 section 2.4, the table variant: round, ad hoc, monthly recurring, annual recurring, totals row. */
export function RoundsTable({
  data,
  totals,
  money,
  onOpen,
}: {
  data: Rounds.RoundData<Jobs.Job>[];
  totals: Rounds.FinancialData & { jobCount: number };
  money: (n: number) => string;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>{t('rounds.column-round')}</TableHead>
          <TableHead className="text-right whitespace-normal">{t('rounds.column-ad-hoc')}</TableHead>
          <TableHead className="text-right whitespace-normal">{t('rounds.column-monthly')}</TableHead>
          <TableHead className="text-right whitespace-normal">{t('rounds.column-annual')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.map((d) => (
          <TableRow key={d.tag._id} className="cursor-pointer" onClick={() => onOpen(d.tag._id)}>
            <TableCell>
              <button
                type="button"
                className="flex items-center gap-2 text-left font-medium hover:underline"
                onClick={(e) => {
                  e.stopPropagation();
                  onOpen(d.tag._id);
                }}
              >
                <span
                  className="size-3 shrink-0 rounded-full"
                  style={{ background: d.tag.color }}
                  aria-hidden
                />
                {d.tag.description}
                <span className="hidden text-xs font-normal text-muted-foreground desktop:inline">
                  {t('rounds.job-count', { count: d.jobs.length })}
                </span>
              </button>
            </TableCell>
            <TableCell className="text-right tabular-nums">{money(d.financialData.totalOneOff)}</TableCell>
            <TableCell className="text-right tabular-nums">{money(d.financialData.totalPerMonth)}</TableCell>
            <TableCell className="text-right tabular-nums">{money(d.financialData.totalPerYear)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell className="font-semibold">
            {t('rounds.totals')}{' '}
            <span className="hidden text-xs font-normal text-muted-foreground desktop:inline">
              {t('rounds.job-count', { count: totals.jobCount })}
            </span>
          </TableCell>
          <TableCell className="text-right font-semibold tabular-nums">{money(totals.totalOneOff)}</TableCell>
          <TableCell className="text-right font-semibold tabular-nums">
            {money(totals.totalPerMonth)}
          </TableCell>
          <TableCell className="text-right font-semibold tabular-nums">
            {money(totals.totalPerYear)}
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}
