import './strings.ts';
import { type Level, Levels, type Me } from '@roundwise/core';
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card } from '../../components/form';
import { Screen } from '../../components/screen';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useChooseLevel } from './api/update-account';

/**
 * What each level opens, as the route table gates it (`minLevel`, and the security view's
 * Ultimate condition); a level includes the ones below it.
 */
const INCLUDES: Record<Level, string[]> = {
  Core: ['customers', 'rounds', 'schedule', 'quotes', 'payments', 'send', 'dashboard'],
  Advanced: [
    'attachments',
    'pending-rounds',
    'services-advanced',
    'portal',
    'franchise',
    'chart-of-accounts',
    'bank',
  ],
  Ultimate: ['balance', 'vat-return', 'custom-fields', 'visual-planner', 'portal-layout', 'users-audit'],
};

/**
 * `account/subscription/{trialEnding?}` (Owner): the three levels, Core, Advanced and Ultimate
 * (spec 000 section 9). `trialEnding` shows why the user was sent here.
 */
export function SubscriptionScreen({ me, trialEnding }: { me: Me; trialEnding: boolean }) {
  const { t } = useTranslation();
  const choose = useChooseLevel();
  const subscribed = me.subscription === 'subscribed';
  const pick = (level: Level) =>
    choose.mutate(level, {
      onSuccess: () => toast.success(t('subscription.activated', { level: t(`level.${level}`) })),
      onError: (e) => toast.error(errorText(t, e)),
    });
  return (
    <Screen title={t('subscription.title')}>
      {(trialEnding || !subscribed) && (
        <p role="status" className="mb-4 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm">
          {trialEnding
            ? t('subscription.trial-ending')
            : t(`subscription.status-${me.subscription}-explained`)}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        {Levels.map((level) => {
          const current = subscribed && me.level === level;
          return (
            <Card
              key={level}
              className={clsx('flex flex-col gap-3', current && 'border-primary ring-1 ring-primary')}
            >
              <h2 className="text-lg font-semibold">{t(`level.${level}`)}</h2>
              <p className="text-sm text-muted-foreground">{t(`subscription.level-${level}-text`)}</p>
              <ul
                className="flex flex-1 flex-col gap-1 text-sm"
                aria-label={t('subscription.includes', { level: t(`level.${level}`) })}
              >
                {INCLUDES[level].map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                    {t(`subscription.feature-${feature}`)}
                  </li>
                ))}
              </ul>
              {current ? (
                <span className="inline-flex h-10 items-center gap-2 text-sm font-medium text-primary">
                  <Check className="size-4" aria-hidden />
                  {t('subscription.current')}
                </span>
              ) : (
                <button
                  type="button"
                  className={buttonClass}
                  disabled={choose.isPending}
                  onClick={() => pick(level)}
                >
                  {t('subscription.choose', { level: t(`level.${level}`) })}
                </button>
              )}
            </Card>
          );
        })}
      </div>
    </Screen>
  );
}
