import './strings.ts';
import type { Send } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { Megaphone, Plus } from 'lucide-react';
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

/** `/send/campaigns` (spec 002 section 2.7): the campaigns, newest first, a search and Create. */
export function CampaignsScreen() {
  const { t } = useTranslation();
  const campaigns = useEntityList<Send.Campaign>('campaign');
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return campaigns
      .filter((c) => `${c.name} ${c.description}`.toLowerCase().includes(q))
      .sort((a, b) => b.createdDate.localeCompare(a.createdDate));
  }, [campaigns, query]);
  return (
    <Screen
      title={t('send.campaigns-title')}
      tabs={sendTabs(t)}
      actions={
        <Link to="/send/campaigns/create" className={buttonVariants({ size: 'sm', className: 'h-9' })}>
          <Plus aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('send.campaign-create')}</span>
        </Link>
      }
      bars={<SearchBar onSearch={setQuery} placeholder={t('send.campaigns-search')} debounceMs={0} />}
    >
      {shown.length === 0 ? (
        <EmptyState
          icon={Megaphone}
          title={t('send.campaigns-empty')}
          text={t('send.campaigns-empty-text')}
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {shown.map((c) => (
            <li key={c._id}>
              <Card className="flex items-center gap-3">
                <div className="min-w-0 flex-1">
                  <Link
                    to="/send/campaigns/$campaignId"
                    params={{ campaignId: c._id }}
                    className="font-medium hover:underline"
                  >
                    {c.name}
                  </Link>
                  <div className="truncate text-sm text-muted-foreground">{c.description}</div>
                </div>
                {c.ongoing && <Badge variant="outline">{t('send.ongoing')}</Badge>}
                <Badge variant={c.status === 'Published' ? 'default' : 'secondary'}>
                  {t(`send.status-${c.status}`)}
                </Badge>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}
