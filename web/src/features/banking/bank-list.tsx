import './strings.ts';
import { atLeast, type Banking } from '@roundwise/core';
import { Landmark } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Card, inputClass } from '../../components/form';
import { Screen } from '../../components/screen';
import { errorText } from '../../lib/errors';
import { useActor } from '../../lib/me';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { useInstitutions } from './api/list-institutions';
import { useOpenSession } from './api/open-session';

/** Before a search the most popular banks are shown; past this the list says so (spec 000 section 2.9). */
const SHOWN = 10;

/**
 * The bank selection (spec 000 section 2.9): institutions by popularity with a search box; choosing
 * one opens its consent page in this window. With a bank connected, below Ultimate only that bank
 * can be reconnected (the extra-bank panel: a further bank is Ultimate's).
 */
export function BankSelection() {
  const { t } = useTranslation();
  const actor = useActor();
  const connections = useEntityList<Banking.BankConnection>('bankConnection');
  const institutions = useInstitutions();
  const open = useOpenSession();
  const [search, setSearch] = useState('');
  const further = connections.length > 0 && !atLeast(actor.level, 'Ultimate');
  const connected = new Set(connections.map((c) => c.institutionId));
  const all = useMemo(
    () => (institutions.data ?? []).filter((i) => !further || connected.has(i.id)),
    [institutions.data, further, connected],
  );
  const query = search.trim().toLowerCase();
  const shown = query ? all.filter((i) => i.name.toLowerCase().includes(query)) : all.slice(0, SHOWN);
  const choose = (id: string) => open.mutate(id, { onError: (e) => toast.error(errorText(t, e)) });
  return (
    <Screen title={t('banking.choose-bank')}>
      <div className="mx-auto flex max-w-xl flex-col gap-4">
        {further && (
          <Card data-testid="further-bank">
            <p className="text-sm">{t('banking.further-bank')}</p>
          </Card>
        )}
        <input
          type="search"
          className={inputClass}
          placeholder={t('banking.search')}
          aria-label={t('banking.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {institutions.isPending ? (
          <p className="py-8 text-center text-muted-foreground">{t('banking.loading')}</p>
        ) : institutions.isError ? (
          <p role="alert" className="py-8 text-center text-destructive">
            {errorText(t, institutions.error)}
          </p>
        ) : all.length === 0 ? (
          <EmptyState icon={Landmark} title={t('connected-services.institutions-unavailable')} text="" />
        ) : shown.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">
            {t('connected-services.search-no-results')}
          </p>
        ) : (
          <ul className="divide-y rounded-lg border" data-testid="institutions">
            {shown.map((i) => (
              <li key={i.id}>
                <button
                  type="button"
                  className="flex min-h-12 w-full items-center gap-3 px-4 py-2 text-left hover:bg-accent disabled:opacity-50"
                  disabled={open.isPending}
                  onClick={() => choose(i.id)}
                >
                  <img src={i.logo} alt="" className="size-8 rounded" />
                  <span className="font-medium">{i.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {!query && all.length > SHOWN && (
          <p className="text-center text-sm text-muted-foreground">
            {t('connected-services.institutions-limit')}
          </p>
        )}
      </div>
    </Screen>
  );
}
