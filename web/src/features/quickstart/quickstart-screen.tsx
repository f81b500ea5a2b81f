import './strings.ts';
import { actorFromMe, canNavigate, type Me } from '@roundwise/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { CheckCircle2, Circle } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card } from '../../components/form';
import { Screen } from '../../components/screen';
import { answer, api } from '../../lib/http';
import { useUpdateMe } from '../../lib/me';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { usersCountQuery } from './api/get-users-count';

interface Step {
  id: string;
  done: boolean;
  /** Where the step is done: a route-table name and its path (shown only if the user may go). */
  route?: [name: string, path: string];
}

/**
 * The onboarding checklist startup sends a new Owner or Admin to (spec 000 section 2.1). Each
 * step reads real progress; hiding quick start (here or in settings) ends the redirect.
 */
export function QuickstartScreen({ me }: { me: Me }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateMe();
  const customers = useEntityList('customer');
  const rounds = useEntityList('round');
  const actor = useMemo(() => actorFromMe(me), [me]);
  const users = useQuery({ ...usersCountQuery, enabled: canNavigate(actor, 'users').ok });
  const resend = useMutation({ mutationFn: () => answer(api.auth['resend-verification'].$post()) });
  const steps: Step[] = [
    { id: 'email-verified', done: me.user.emailVerified },
    {
      id: 'business-details',
      done: !!me.account.settings.businessAddress?.addressDescription,
      route: ['account', '/account'],
    },
    { id: 'first-customer', done: customers.length > 0, route: ['customers', '/customers'] },
    { id: 'first-round', done: rounds.length > 0, route: ['rounds', '/rounds'] },
    { id: 'user-invited', done: (users.data ?? 0) > 1, route: ['users', '/users'] },
    {
      id: 'plan-chosen',
      done: me.subscription === 'subscribed',
      route: ['account-subscription', '/account/subscription'],
    },
  ];
  const done = steps.filter((s) => s.done).length;
  const finish = () =>
    update.mutate({ settings: { hideQuickStart: true } }, { onSuccess: () => void navigate({ to: '/' }) });
  return (
    <Screen title={t('quickstart.title')}>
      <Card>
        <p className="text-sm text-muted-foreground">{t('quickstart.intro', { name: me.user.name })}</p>
        <div className="mt-3 h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
          <div
            className="h-full bg-primary transition-all"
            style={{ width: `${(done / steps.length) * 100}%` }}
          />
        </div>
        <p className="mt-1 text-xs text-muted-foreground">
          {t('quickstart.progress', { done, total: steps.length })}
        </p>
        <ol className="mt-4 flex flex-col divide-y">
          {steps.map((step) => (
            <li
              key={step.id}
              data-testid={`step-${step.id}`}
              data-done={String(step.done)}
              className="flex items-center gap-3 py-3"
            >
              {step.done ? (
                <CheckCircle2 className="size-5 shrink-0 text-primary" aria-label={t('quickstart.done')} />
              ) : (
                <Circle
                  className="size-5 shrink-0 text-muted-foreground"
                  aria-label={t('quickstart.to-do')}
                />
              )}
              <div className="flex-1">
                <div className={step.done ? 'text-muted-foreground line-through' : 'font-medium'}>
                  {t(`quickstart.step-${step.id}`)}
                </div>
                {!step.done && (
                  <div className="text-xs text-muted-foreground">{t(`quickstart.step-${step.id}-hint`)}</div>
                )}
              </div>
              {!step.done && step.id === 'email-verified' && (
                <button
                  type="button"
                  className="text-sm font-medium text-primary underline-offset-4 hover:underline disabled:opacity-50"
                  disabled={resend.isPending || resend.isSuccess}
                  onClick={() =>
                    resend.mutate(undefined, { onSuccess: () => toast.success(t('quickstart.email-sent')) })
                  }
                >
                  {t('quickstart.resend-email')}
                </button>
              )}
              {!step.done && step.route && canNavigate(actor, step.route[0]).ok && (
                <Link
                  to={step.route[1]}
                  className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  {t('quickstart.start')}
                  <span className="sr-only">: {t(`quickstart.step-${step.id}`)}</span>
                </Link>
              )}
            </li>
          ))}
        </ol>
        <div className="mt-4 flex justify-end">
          <button type="button" className={buttonClass} onClick={finish} disabled={update.isPending}>
            {t('quickstart.hide')}
          </button>
        </div>
      </Card>
    </Screen>
  );
}
