import './strings.ts';
import type { Pricing } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { Screen } from '../../components/screen';
import { Button } from '../../components/ui/button';
import { useEntity } from '../../lib/sync/hooks';
import { ImpactSummary, JobPrices } from './impact';
import { useAppliedJobs, usePreview } from './use-preview';

/** Jobs a page: a city's change reaches thousands, and a table of them all would not paint at once. */
const PAGE = 100;

/**
 * `/pricing/changes/{id}/affected-jobs`: every job the change reaches, old and new price, with
 * the revenue by round (before applying), or the jobs it changed (after).
 */
export function AffectedJobsScreen({ changeId }: { changeId: string }) {
  const { t } = useTranslation();
  const change = useEntity<Pricing.PriceChange>('price-change', changeId);
  if (!change) {
    return (
      <Screen title={t('pricing.title')}>
        <p>{t('price-change.not-found')}</p>
      </Screen>
    );
  }
  return <Affected change={change} />;
}

function Affected({ change }: { change: Pricing.PriceChange }) {
  const { t } = useTranslation();
  const preview = usePreview(change);
  const applied = useAppliedJobs(change);
  const [shown, setShown] = useState(PAGE);
  const jobs = change.result ? applied : preview.jobs;
  return (
    <Screen title={t('pricing.affected-jobs-title', { name: change.name })}>
      <div className="flex flex-col gap-4">
        <Link
          to="/pricing/changes/$changeId"
          params={{ changeId: change._id }}
          className="self-start text-sm font-medium text-primary hover:underline"
        >
          {t('pricing.back-to-change')}
        </Link>
        {!change.result && (
          <Card>
            <ImpactSummary preview={preview} />
          </Card>
        )}
        <Card className="flex flex-col gap-3">
          {change.result && (
            <h2 className="font-medium">{t('pricing.jobs-changed', { count: jobs.length })}</h2>
          )}
          <JobPrices jobs={jobs} limit={shown} />
          {jobs.length > shown && (
            <Button variant="outline" className="self-start" onClick={() => setShown(shown + PAGE)}>
              {t('pricing.show-more', { count: Math.min(PAGE, jobs.length - shown) })}
            </Button>
          )}
        </Card>
      </div>
    </Screen>
  );
}
