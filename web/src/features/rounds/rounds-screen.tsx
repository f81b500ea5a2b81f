import './strings.ts';
import { type Actor, canNavigate, type Jobs, Rounds } from '@roundwise/core';
import { LayoutList, Plus, Route as RouteIcon, Table2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListBar } from '../../components/menu-bars/list-bar';
import { SearchBar } from '../../components/menu-bars/search-bar';
import { Screen } from '../../components/screen';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { money as formatMoney } from '../../lib/format';
import { AddRoundDialog } from './add-round-dialog';
import { RoundDialog } from './round-dialog';
import { RoundsTable } from './rounds-table';
import { type Tab, useRoundList } from './use-round-list';

const VIEW_KEY = 'roundwise.rounds.view';

/** Spec 000 section 2.4: the rounds list, Active and Quote tabs, cards or the table variant. */
export function RoundsScreen({
  actor,
  tab,
  roundId,
  onOpenRound,
  currency,
}: {
  actor: Actor;
  tab: Tab;
  roundId?: string;
  onOpenRound: (id: string | undefined) => void;
  currency: string;
}) {
  const { t } = useTranslation();
  const { data, markAdded } = useRoundList(tab);
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const [view, setView] = useState<'cards' | 'table'>(() =>
    localStorage.getItem(VIEW_KEY) === 'table' ? 'table' : 'cards',
  );
  const shown = useMemo(() => (data ? Rounds.searchRounds(data, query) : undefined), [data, query]);
  const totals = useMemo(() => Rounds.roundTotals(shown ?? []), [shown]);
  const money = (n: number) => formatMoney(n, 'en-GB', currency);
  const tabs = [{ to: '/rounds', label: t('rounds.tab-active') }];
  if (canNavigate(actor, 'rounds', 'pending').ok)
    tabs.push({ to: '/rounds/pending', label: t('rounds.tab-quote') });
  const toggleView = () => {
    const next = view === 'cards' ? 'table' : 'cards';
    localStorage.setItem(VIEW_KEY, next);
    setView(next);
  };
  return (
    <Screen
      title={t('route.rounds')}
      tabs={tabs}
      wide={view === 'table'}
      actions={
        tab === 'active' && (
          <Button variant="outline" size="sm" className="h-9" onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('rounds.add')}</span>
          </Button>
        )
      }
      bars={
        <>
          <SearchBar onSearch={setQuery} placeholder={t('rounds.search')} />
          <ListBar summary={shown && t('rounds.count', { count: shown.length })}>
            <Button
              variant="ghost"
              size="sm"
              onClick={toggleView}
              aria-pressed={view === 'table'}
              aria-label={view === 'cards' ? t('rounds.show-table') : t('rounds.show-cards')}
            >
              {view === 'cards' ? <Table2 aria-hidden /> : <LayoutList aria-hidden />}
            </Button>
          </ListBar>
        </>
      }
    >
      <Dialog open={adding} onOpenChange={setAdding}>
        {adding && (
          <AddRoundDialog
            taken={(data ?? []).map((d) => d.tag.description)}
            onAdded={(id) => {
              markAdded();
              setAdding(false);
              onOpenRound(id);
            }}
          />
        )}
      </Dialog>
      {roundId && (
        <RoundDialog
          roundId={roundId}
          actor={actor}
          currency={currency}
          pending={tab === 'pending'}
          onClose={() => onOpenRound(undefined)}
        />
      )}
      {!shown ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : (data ?? []).length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-16 text-center text-muted-foreground">
          <RouteIcon className="size-8" aria-hidden />
          <p>{tab === 'pending' ? t('rounds.pending-empty') : t('rounds.empty')}</p>
          {tab === 'active' && (
            <Button variant="outline" onClick={() => setAdding(true)}>
              <Plus aria-hidden />
              {t('rounds.add')}
            </Button>
          )}
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <section
            aria-label={t('rounds.totals')}
            className="grid grid-cols-2 gap-2 rounded-lg border bg-muted/40 p-3 text-sm sm:grid-cols-4"
          >
            <Figure label={t('rounds.per-month')} value={money(totals.totalPerMonth)} />
            <Figure label={t('rounds.per-year')} value={money(totals.totalPerYear)} />
            <Figure label={t('rounds.one-off')} value={money(totals.totalOneOff)} />
            <Figure label={t('rounds.jobs')} value={String(totals.jobCount)} />
          </section>
          {shown.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">{t('rounds.no-match')}</p>
          ) : view === 'table' ? (
            <RoundsTable data={shown} totals={totals} money={money} onOpen={onOpenRound} />
          ) : (
            <ul className="flex flex-col gap-2">
              {shown.map((d) => (
                <li key={d.tag._id}>
                  <RoundCard data={d} money={money} onOpen={() => onOpenRound(d.tag._id)} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Screen>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="font-semibold tabular-nums">{value}</span>
    </div>
  );
}

function RoundCard({
  data,
  money,
  onOpen,
}: {
  data: Rounds.RoundData<Jobs.Job>;
  money: (n: number) => string;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const f = data.financialData;
  return (
    <button
      type="button"
      onClick={onOpen}
      className="flex w-full items-center gap-3 rounded-lg border bg-card p-3 text-left shadow-xs hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <span className="size-4 shrink-0 rounded-full" style={{ background: data.tag.color }} aria-hidden />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium">{data.tag.description}</span>
        <span className="truncate text-xs text-muted-foreground">
          {[
            t('rounds.job-count', { count: data.jobs.length }),
            data.frequencyMessage
              ? t(data.frequencyMessage.key, data.frequencyMessage.params)
              : t('rounds.no-frequency'),
          ].join(' · ')}
        </span>
      </span>
      <span className="flex flex-col items-end text-sm tabular-nums">
        <span className="font-medium">{t('rounds.a-month', { value: money(f.totalPerMonth) })}</span>
        <span className="text-xs text-muted-foreground">
          {f.totalOneOff > 0
            ? t('rounds.one-off-value', { value: money(f.totalOneOff) })
            : t('rounds.a-year', { value: money(f.totalPerYear) })}
        </span>
      </span>
    </button>
  );
}
