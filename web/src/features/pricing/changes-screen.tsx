import './strings.ts';
import { Pricing } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { Plus, Tags } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Card } from '../../components/form';
import { Screen } from '../../components/screen';
import { Badge } from '../../components/ui/badge';
import { buttonVariants } from '../../components/ui/button';
import { useEntityList } from '../../lib/sync/hooks';
import { ChangeSummary } from './change-summary';
import { usePrefetchPreviews } from './use-preview';

const STATUS_VARIANT = { pending: 'secondary', success: 'default', error: 'destructive' } as const;

/** `/pricing/changes` (spec 002 section 2.6): the price changes, newest first, each with its status; Create. */
export function ChangesScreen() {
  const { t } = useTranslation();
  const all = useEntityList<Pricing.PriceChange>('price-change');
  const changes = useMemo(
    () => all.slice().sort((a, b) => b.createdDate.localeCompare(a.createdDate)),
    [all],
  );
  usePrefetchPreviews(changes);
  return (
    <Screen
      title={t('pricing.title')}
      actions={
        <Link to="/pricing/changes/create" className={buttonVariants({ size: 'sm', className: 'h-9' })}>
          <Plus aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('pricing.action-create')}</span>
        </Link>
      }
    >
      {changes.length === 0 ? (
        <EmptyState icon={Tags} title={t('pricing.empty')} text={t('pricing.empty-text')} />
      ) : (
        <ul className="flex flex-col gap-3">
          {changes.map((c) => {
            const status = Pricing.statusOf(c);
            return (
              <li key={c._id}>
                <Card className="flex items-center gap-3">
                  <div className="min-w-0 flex-1">
                    {/* The detail's code comes with the list (not on the click; a phone has no hover). */}
                    <Link
                      to="/pricing/changes/$changeId"
                      params={{ changeId: c._id }}
                      preload="viewport"
                      className="font-medium hover:underline"
                    >
                      {c.name}
                    </Link>
                    <div className="text-sm text-muted-foreground">
                      <ChangeSummary change={c} />
                    </div>
                  </div>
                  <Badge variant={STATUS_VARIANT[status]}>{t(`pricing.status-${status}`)}</Badge>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </Screen>
  );
}
