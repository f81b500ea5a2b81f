import './strings.ts';
import type { Services } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { ChevronRight, Wrench } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/screen';
import { useEntityList } from '../../lib/sync/hooks';

type Service = Services.Service;

/**
 * `services-advanced` (Advanced; developer mode or the setting): each service with what the
 * customer's portal asks and charges for it, opening `services-advanced/{id}` to change that.
 */
export function ServicesAdvancedScreen() {
  const { t } = useTranslation();
  const services = useEntityList<Service>('service');
  const sorted = useMemo(() => [...services].sort((a, b) => a.name.localeCompare(b.name)), [services]);
  return (
    <Screen title={t('services.advanced-title')}>
      <p className="mb-4 text-sm text-muted-foreground">{t('services.advanced-intro')}</p>
      {sorted.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-16 text-center text-muted-foreground">
          <Wrench className="size-8" aria-hidden />
          <p>{t('services.empty')}</p>
        </div>
      ) : (
        <ul className="divide-y rounded-lg border" data-testid="advanced-service-list">
          {sorted.map((s) => (
            <li key={s._id}>
              <Link
                to="/services-advanced/$id"
                params={{ id: s._id }}
                className="flex items-center gap-3 px-4 py-3 hover:bg-accent"
              >
                <div className="min-w-0 flex-1">
                  <div className="truncate font-medium">{s.name}</div>
                  <div className="text-sm text-muted-foreground">
                    {t('services.questions-count', { count: s.quoteQuestions?.length ?? 0 })} ·{' '}
                    {t('services.prices-count', { count: s.frequencyPrices?.length ?? 0 })} ·{' '}
                    {t('services.minutes', { count: s.defaultDuration })}
                  </div>
                </div>
                <ChevronRight className="size-4 text-muted-foreground" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}
