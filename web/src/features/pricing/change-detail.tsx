import './strings.ts';
import { Pricing } from '@roundwise/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { Bell, CalendarX, Check, Pencil, Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { Screen } from '../../components/screen';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { useCommand } from '../../lib/commands/use-command';
import { businessToday } from '../../lib/dates';
import { errorText } from '../../lib/errors';
import { dayLabel } from '../../lib/format';
import { useEntity } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { ChangeSummary } from './change-summary';
import { ImpactSummary, JobPrices } from './impact';
import { NotifyDialog } from './notify-dialog';
import { dayOf, useAppliedJobs, usePreview } from './use-preview';

/** How many jobs the detail lists before "See all". */
const FIRST_JOBS = 10;

/** `/pricing/changes/{id}` (spec 002 sections 2.6 and 4): the change, its preview or result, and its actions. */
export function ChangeDetail({ changeId }: { changeId: string }) {
  const { t } = useTranslation();
  const change = useEntity<Pricing.PriceChange>('price-change', changeId);
  if (!change) {
    return (
      <Screen title={t('pricing.title')}>
        <p>{t('price-change.not-found')}</p>
      </Screen>
    );
  }
  return <Detail change={change} />;
}

function Detail({ change }: { change: Pricing.PriceChange }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const apply = useCommand(Pricing.apply);
  const rollback = useCommand(Pricing.rollback);
  const cancel = useCommand(Pricing.cancelSchedule);
  const remove = useCommand(Pricing.remove);
  const preview = usePreview(change);
  const applied = useAppliedJobs(change);
  const [busy, setBusy] = useState(false);
  const [notifying, setNotifying] = useState(false);
  const [confirm, setConfirm] = useState<'remove' | 'rollback'>();
  const status = Pricing.statusOf(change);
  const scheduled = change.scheduledFor !== undefined;
  const hasFilter = change.affectedJobFilter.some((g) => g.length > 0);
  const locked = !!change.result || scheduled;

  const run = async (work: () => Promise<void>, failedKey: string) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast.error(`${t(failedKey)} ${errorText(t, error)}`);
    } finally {
      setBusy(false);
    }
  };
  const doApply = () =>
    run(async () => {
      const { result } = await apply.mutateAsync({ _id: change._id, today: businessToday() });
      if (result.scheduledFor !== undefined)
        toast.success(
          t('pricing.scheduled-for', { date: dayLabel(dayOf(result.scheduledFor), i18n.language) }),
        );
      else toast.success(t('price-change.applied'));
    }, 'price-change.apply-failed');
  const doRollback = () =>
    run(async () => {
      await rollback.mutateAsync({ _id: change._id });
      toast.success(t('price-change.rollback-complete'));
    }, 'price-change.rollback-failed');
  const doRemove = () =>
    run(async () => {
      remove.mutate(
        { _id: change._id },
        { onError: (e) => toast.error(`${t('price-change.remove-failed')} ${errorText(t, e)}`) },
      );
      toast.success(t('price-change.removed'));
      void navigate({ to: '/pricing/changes' });
    }, 'price-change.remove-failed');

  return (
    <Screen title={change.name}>
      <div className="flex flex-col gap-4">
        <Card className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <Badge
              variant={status === 'error' ? 'destructive' : status === 'success' ? 'default' : 'secondary'}
            >
              {t(`pricing.status-${status}`)}
            </Badge>
            <span className="text-sm text-muted-foreground">
              <ChangeSummary change={change} />
            </span>
          </div>
          {change.description && <p className="text-sm">{change.description}</p>}
          {change.result?.error && <p className="text-sm text-destructive">{t(change.result.error)}</p>}
          {scheduled && (
            <p className="text-sm">
              {t('pricing.scheduled-for', { date: dayLabel(dayOf(change.scheduledFor!), i18n.language) })}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {scheduled ? (
              <Button
                variant="outline"
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    await cancel.mutateAsync({ _id: change._id });
                  }, 'price-change.apply-failed')
                }
              >
                <CalendarX aria-hidden />
                {t('pricing.action-cancel-schedule')}
              </Button>
            ) : (
              <Button disabled={busy || !hasFilter || !!change.result} onClick={() => void doApply()}>
                <Check aria-hidden />
                {t('pricing.action-apply')}
              </Button>
            )}
            <Button
              variant="outline"
              disabled={busy || !change.result?.success}
              onClick={() => setConfirm('rollback')}
            >
              <Undo2 aria-hidden />
              {t('pricing.action-rollback')}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => setNotifying(true)}>
              <Bell aria-hidden />
              {t('pricing.action-notify')}
            </Button>
            {locked ? (
              <Button variant="outline" disabled>
                <Pencil aria-hidden />
                {t('pricing.action-edit')}
              </Button>
            ) : (
              <Link
                to="/pricing/changes/$changeId/edit"
                params={{ changeId: change._id }}
                className={buttonVariants({ variant: 'outline' })}
              >
                <Pencil aria-hidden />
                {t('pricing.action-edit')}
              </Link>
            )}
            <Button variant="outline" disabled={busy || locked} onClick={() => setConfirm('remove')}>
              <Trash2 aria-hidden />
              {t('pricing.action-remove')}
            </Button>
          </div>
          {!hasFilter && (
            <p className="text-sm text-muted-foreground">{t('price-change.no-filters-applied')}</p>
          )}
        </Card>
        {change.rollbackSkipped && change.rollbackSkipped.length > 0 && (
          <Card className="text-sm">
            <p className="font-medium">
              {t('pricing.rollback-skipped', { count: change.rollbackSkipped.length })}
            </p>
          </Card>
        )}
        <Card className="flex flex-col gap-3">
          {change.result ? (
            <h2 className="font-medium">{t('pricing.jobs-changed', { count: applied.length })}</h2>
          ) : (
            <ImpactSummary preview={preview} />
          )}
          <JobPrices jobs={change.result ? applied : preview.jobs} limit={FIRST_JOBS} />
          <Link
            to="/pricing/changes/$changeId/affected-jobs"
            params={{ changeId: change._id }}
            className="self-start text-sm font-medium text-primary hover:underline"
          >
            {t('pricing.see-affected-jobs')}
          </Link>
        </Card>
      </div>
      <NotifyDialog
        change={change}
        jobs={change.result ? applied : preview.jobs}
        open={notifying}
        onOpenChange={setNotifying}
      />
      <AlertDialog open={!!confirm} onOpenChange={(open) => !open && setConfirm(undefined)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {confirm === 'rollback'
                ? t('pricing.rollback-confirm')
                : t(change.notified ? 'price-change.remove-confirm-notified' : 'price-change.remove-confirm')}
            </AlertDialogTitle>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              variant={confirm === 'remove' ? 'destructive' : 'default'}
              onClick={() => void (confirm === 'rollback' ? doRollback() : doRemove())}
            >
              {confirm === 'rollback' ? t('pricing.action-rollback') : t('pricing.action-remove')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Screen>
  );
}
