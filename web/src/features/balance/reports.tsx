import './strings.ts';
import type { Balance, Jobs, Rounds, Services, Visits } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessToday } from '../../lib/dates';
import { useEntityList } from '../../lib/sync/hooks';
import { isReportType, REPORT_TYPES, type ReportType, reportTable, type WorkNames } from './report-model';
import { PeriodPicker, ReportView } from './report-view';
import { type Books, yearOf } from './use-books';

/** `/balance/reports`: the report types. */
export function ReportsList() {
  const { t } = useTranslation();
  return (
    <ul className="divide-y rounded-lg border" data-testid="report-types">
      {REPORT_TYPES.map((type) => (
        <li key={type}>
          <Link
            to="/balance/$"
            params={{ _splat: `reports/${type}` }}
            className="flex min-h-12 items-center justify-between gap-3 px-4 py-2 hover:bg-accent"
          >
            <span>
              <span className="block font-medium">{t(`balance.report.${type}`)}</span>
              <span className="text-sm text-muted-foreground">{t(`balance.report-about.${type}`)}</span>
            </span>
            <ChevronRight className="size-4 shrink-0" aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Who each visit was for: its rounds and its job's services (sales by round and by service). */
function useWorkNames(enabled: boolean): WorkNames | undefined {
  const visits = useEntityList<Visits.VisitRecord>('visit');
  const jobs = useEntityList<Jobs.Job>('job');
  const rounds = useEntityList<Rounds.Round>('round');
  const services = useEntityList<Services.Service>('service');
  return useMemo(() => {
    if (!enabled) return undefined;
    const jobServices = new Map(jobs.map((j) => [j._id, j.services]));
    return {
      visitRounds: new Map(visits.map((v) => [v._id, v.rounds])),
      visitServices: new Map(visits.map((v) => [v._id, jobServices.get(v.jobId) ?? []])),
      roundNames: new Map(rounds.map((r) => [r._id, r.description])),
      serviceNames: new Map(services.map((s) => [s._id, s.name])),
    };
  }, [enabled, visits, jobs, rounds, services]);
}

/** `/balance/reports/{type}`: one report for a chosen period, printable and exported as CSV. */
export function ReportScreen({ books, type }: { books: Books; type: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(() => yearOf(books, businessToday()));
  const sales = type === 'sales-by-round' || type === 'sales-by-service';
  const work = useWorkNames(sales);
  if (!isReportType(type)) {
    return <p className="py-16 text-center text-muted-foreground">{t('balance.page-not-found')}</p>;
  }
  return <Report books={books} type={type} period={period} onPeriod={setPeriod} work={work} />;
}

function Report({
  books,
  type,
  period,
  onPeriod,
  work,
}: {
  books: Books;
  type: ReportType;
  period: Balance.Period;
  onPeriod: (p: Balance.Period) => void;
  work?: WorkNames;
}) {
  const { t, i18n } = useTranslation();
  const table = useMemo(
    () => reportTable(type, books, period, t, i18n.language, work),
    [type, books, period, t, i18n.language, work],
  );
  const atOnly = type === 'balance-sheet' || type === 'aged-debtors';
  const title = t(`balance.report.${type}`);
  return (
    <>
      <h2 className="text-lg font-semibold print:hidden">{title}</h2>
      <PeriodPicker period={period} onChange={onPeriod} atOnly={atOnly} />
      <ReportView
        title={title}
        table={table}
        fileName={`${type}-${atOnly ? period.to : `${period.from}-${period.to}`}`}
      />
    </>
  );
}
