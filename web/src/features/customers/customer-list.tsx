import './strings.ts';
import type { Customers, Jobs, Rounds } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { clsx } from 'clsx';
import { MapPin, Phone, Plus, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { secondaryButtonClass } from '../../components/form';
import { Bar, barButton } from '../../components/menu-bars/bar';
import { ListBar } from '../../components/menu-bars/list-bar';
import { SearchBar } from '../../components/menu-bars/search-bar';
import { Screen } from '../../components/screen';
import { useEntities, useEntityList } from '../../lib/sync/hooks';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { useWindowList } from '../../lib/use-window-list';
import { CustomerFormDialog } from './customer-form-dialog';
import {
  buildCustomerIndex,
  type CustomerRow,
  type CustomerSort,
  NO_ROUND,
  queryCustomers,
  type StateFilter,
} from './customer-search';

/** Fixed row height: the virtualiser positions rows without measuring them. */
const ROW_HEIGHT = 72;

/**
 * `customers`: every customer of the account, virtualised (20,000 in the city data set), with the
 * search bar (750 ms debounce, spec 000 section 9), state and round filters and a sort.
 */
export function CustomerList() {
  const { t } = useTranslation();
  const customers = useEntityList<Customers.Customer>('customer');
  const jobs = useEntityList<Jobs.Job>('job');
  const rounds = useEntities<Rounds.Round>('round');
  const index = useMemo(() => buildCustomerIndex(customers, jobs), [customers, jobs]);
  const [text, setText] = useState('');
  const [state, setState] = useState<StateFilter>('active');
  const [roundId, setRoundId] = useState('');
  const [sort, setSort] = useState<CustomerSort>('name');
  const [creating, setCreating] = useState(false);
  const shown = useMemo(
    () => queryCustomers(index, { text, state, roundId, sort }),
    [index, text, state, roundId, sort],
  );
  const roundOptions = useMemo(
    () => Object.values(rounds).sort((a, b) => a.description.localeCompare(b.description)),
    [rounds],
  );
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [showFilters, setShowFilters] = useState(false);
  const filters = (
    <>
      <select
        aria-label={t('customers.filter-state')}
        value={state}
        onChange={(e) => setState(e.target.value as StateFilter)}
        className={clsx(barButton, 'max-w-28 bg-transparent')}
      >
        <option value="active">{t('customers.state-active')}</option>
        <option value="inactive">{t('customers.state-inactive')}</option>
        <option value="all">{t('customers.state-all')}</option>
      </select>
      <select
        aria-label={t('customers.filter-round')}
        value={roundId}
        onChange={(e) => setRoundId(e.target.value)}
        className={clsx(barButton, 'max-w-48 bg-transparent')}
      >
        <option value="">{t('customers.all-rounds')}</option>
        <option value={NO_ROUND}>{t('customers.no-round')}</option>
        {roundOptions.map((r) => (
          <option key={r._id} value={r._id}>
            {r.description}
          </option>
        ))}
      </select>
    </>
  );

  return (
    <Screen
      title={t('customers.title')}
      wide
      actions={
        <button type="button" className={secondaryButtonClass} onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('customers.new')}</span>
        </button>
      }
      bars={
        <div className="sticky top-14 z-10">
          <SearchBar
            value={text}
            onSearch={(value) => {
              // The benchmark (scripts/bench/customers.ts) times from this mark to the painted list.
              performance.mark('customers.search');
              setText(value);
            }}
            placeholder={t('customers.search')}
          />
          <ListBar
            summary={t('customers.count', { count: shown.length })}
            sort={sort}
            onSort={(v) => setSort(v as CustomerSort)}
            // On a phone the filters fold under the list bar's view-options button.
            onViewOptions={desktop ? undefined : () => setShowFilters((v) => !v)}
            sortOptions={[
              { value: 'name', label: t('customers.sort-name') },
              { value: 'postcode', label: t('customers.sort-postcode') },
              { value: 'created', label: t('customers.sort-created') },
            ]}
          >
            {desktop && filters}
          </ListBar>
          {!desktop && showFilters && (
            <Bar label={t('customers.filters')} className="justify-end">
              {filters}
            </Bar>
          )}
        </div>
      }
    >
      {index.total === 0 ? (
        <div className="flex flex-col items-center gap-3 py-16 text-center text-muted-foreground">
          <Users className="size-8" aria-hidden />
          <p>{t('customers.empty')}</p>
          <button type="button" className={secondaryButtonClass} onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden />
            {t('customers.new')}
          </button>
        </div>
      ) : shown.length === 0 ? (
        <p
          className="py-16 text-center text-muted-foreground"
          data-testid="customers-no-match"
          data-query={text}
          data-count={0}
        >
          {t('customers.no-match')}
        </p>
      ) : (
        <VirtualRows rows={shown} query={text} rounds={rounds} />
      )}
      <CustomerFormDialog open={creating} onOpenChange={setCreating} />
    </Screen>
  );
}

function VirtualRows({
  rows,
  query,
  rounds,
}: {
  rows: CustomerRow[];
  query: string;
  rounds: Readonly<Record<string, Rounds.Round>>;
}) {
  const { t } = useTranslation();
  const { listRef, virtualizer, top } = useWindowList<HTMLUListElement>({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  return (
    <ul
      ref={listRef}
      aria-label={t('customers.title')}
      data-testid="customer-list"
      data-query={query}
      data-count={rows.length}
      className="relative rounded-lg border"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => {
        const { customer, roundIds } = rows[item.index]!;
        const round = roundIds[0] ? rounds[roundIds[0]] : undefined;
        const phone = customer.mobileNumber || customer.telephoneNumber;
        return (
          <li
            key={customer._id}
            className="absolute inset-x-0 top-0 border-b last:border-b-0"
            style={{ height: ROW_HEIGHT, transform: `translateY(${top(item)}px)` }}
          >
            <Link
              to="/customers/{-$customerId}/{-$tab}"
              params={{ customerId: customer._id }}
              className="flex h-full items-center gap-3 px-4 hover:bg-accent"
            >
              <div className="min-w-0 flex-1">
                <div className="flex items-center gap-2">
                  <span className="truncate font-medium">{customer.name}</span>
                  {customer.state === 'inactive' && (
                    <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
                      {t('customers.state-inactive')}
                    </span>
                  )}
                </div>
                <div className="flex items-center gap-1 truncate text-sm text-muted-foreground">
                  <MapPin className="size-3.5 shrink-0" aria-hidden />
                  <span className="truncate">{customer.address?.addressDescription || '—'}</span>
                </div>
              </div>
              <div className="hidden shrink-0 flex-col items-end gap-1 text-xs text-muted-foreground desktop:flex">
                {phone && (
                  <span className="flex items-center gap-1">
                    <Phone className="size-3" aria-hidden />
                    {phone}
                  </span>
                )}
                {customer.email && <span className="max-w-56 truncate">{customer.email}</span>}
              </div>
              {round && (
                <span
                  className="max-w-28 shrink-0 truncate rounded-full border px-2 py-0.5 text-xs"
                  style={{ borderColor: round.color }}
                >
                  {round.description}
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
