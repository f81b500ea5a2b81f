import '../strings.ts';
import { type Actor, type AppError, checkAccess, Portal } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card } from '../../../components/form';
import { businessToday } from '../../../lib/dates';
import { errorText } from '../../../lib/errors';
import { AnalyticsView, loadChart } from './analytics-view';
import { useAnalytics } from './get-analytics';
import { sampleAnalytics } from './sample';

/**
 * The portal directory's overview tab (spec 002 section 2.5): the Owner and Admins at Ultimate
 * or above see the analytics; everyone else the starter overview, whose analytics are a teaser of
 * sample data under an overlay that says why and links to the plans.
 */
export function PortalOverview({ actor }: { actor: Actor }) {
  const access = checkAccess(Portal.ANALYTICS_ACCESS, actor);
  return access.ok ? <FullOverview /> : <StarterOverview refusal={access.error} />;
}

function FullOverview() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Portal.AnalyticsPeriod>(Portal.DEFAULT_ANALYTICS_PERIOD);
  const figures = useAnalytics(period);
  useEffect(() => {
    void loadChart();
  }, []);
  if (figures.isPending)
    return <p className="py-16 text-center text-muted-foreground">{t('portal.analytics.loading')}</p>;
  if (figures.isError)
    return (
      <p role="alert" className="py-16 text-center text-destructive">
        {errorText(t, figures.error)}
      </p>
    );
  return <AnalyticsView data={figures.data} period={period} onPeriod={setPeriod} />;
}

function StarterOverview({ refusal }: { refusal: AppError }) {
  const { t } = useTranslation();
  const sample = useMemo(() => sampleAnalytics(businessToday()), []);
  // Below the plan: the spec's sentence and Upgrade Now; a role that may not see them: the refusal.
  const belowPlan = refusal.code === 'access.level-required';
  return (
    <div className="flex flex-col gap-6" data-testid="starter-overview">
      <Card className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">{t('portal.overview.title')}</h2>
        <p>{t('portal.overview.intro')}</p>
        <h3 className="font-medium">{t('portal.overview.steps')}</h3>
        <ol className="list-decimal space-y-1 pl-5">
          <li>{t('portal.overview.step-setup')}</li>
          <li>{t('portal.overview.step-layout')}</li>
          <li>{t('portal.overview.step-publish')}</li>
        </ol>
      </Card>
      <section className="relative" aria-labelledby="analytics-teaser">
        <div inert className="pointer-events-none select-none opacity-60 blur-[2px]" aria-hidden>
          <AnalyticsView data={sample} period="last-7-days" />
        </div>
        <div className="absolute inset-0 flex items-start justify-center pt-24">
          <Card className="flex max-w-md flex-col items-center gap-3 text-center shadow-lg">
            <p className="text-xs font-medium uppercase text-muted-foreground">
              {t('portal.analytics.sample')}
            </p>
            <p id="analytics-teaser" className="font-medium">
              {belowPlan ? t('portal.analytics-upgrade') : errorText(t, refusal)}
            </p>
            {belowPlan && (
              <Link to="/account/subscription/{-$trialEnding}" className={buttonClass}>
                {t('portal.upgrade-now')}
              </Link>
            )}
          </Card>
        </div>
      </section>
    </div>
  );
}
