import './strings.ts';
import { type Customers, Send } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { Plus, UsersRound } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Card } from '../../components/form';
import { SearchBar } from '../../components/menu-bars/search-bar';
import { Screen } from '../../components/screen';
import { Badge } from '../../components/ui/badge';
import { buttonVariants } from '../../components/ui/button';
import { sendTabs } from '../../lib/send-tabs';
import { useEntityList } from '../../lib/sync/hooks';
import { useAudienceExtras } from './use-audience-extras';

/** `/send/audiences` (spec 002 section 2.7): the audiences with their member counts, a search and Create. */
export function AudiencesScreen() {
  const { t } = useTranslation();
  const audiences = useEntityList<Send.Audience>('audience');
  const customers = useEntityList<Customers.Customer>('customer');
  const extras = useAudienceExtras();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return audiences
      .filter((a) => `${a.name} ${a.description}`.toLowerCase().includes(q))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((a) => ({ audience: a, count: Send.audienceContacts(a.filterGroups, customers, extras).length }));
  }, [audiences, customers, query, extras]);
  return (
    <Screen
      title={t('send.audiences-title')}
      tabs={sendTabs(t)}
      actions={
        <Link to="/send/audiences/create" className={buttonVariants({ size: 'sm', className: 'h-9' })}>
          <Plus aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('send.audience-create')}</span>
        </Link>
      }
      bars={<SearchBar onSearch={setQuery} placeholder={t('send.audiences-search')} debounceMs={0} />}
    >
      {shown.length === 0 ? (
        <EmptyState
          icon={UsersRound}
          title={t('send.audiences-empty')}
          text={t('send.audiences-empty-text')}
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {shown.map(({ audience, count }) => (
            <li key={audience._id}>
              <Card className="flex items-center gap-3">
                <div className="min-w-0 flex-1">
                  <Link
                    to="/send/audiences/$audienceId"
                    params={{ audienceId: audience._id }}
                    className="font-medium hover:underline"
                  >
                    {audience.name}
                  </Link>
                  {audience.description && (
                    <div className="truncate text-sm text-muted-foreground">{audience.description}</div>
                  )}
                </div>
                <Badge variant="secondary">{t('send.contacts-count', { count })}</Badge>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}
