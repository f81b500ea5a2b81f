import './strings.ts';
import { Rounds } from '@roundwise/core';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Dialog } from '../../components/ui/dialog';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { useMe } from '../../lib/me';
import { toast } from '../../lib/toast';
import { AddExistingJobDialog, AddJobDialog } from './add-job-dialogs';
import { FrequencyDialog } from './frequency-dialog';
import type { RoundRow } from './job-list';
import {
  ColourDialog,
  LocationDialog,
  PostcodesDialog,
  RenameDialog,
  TransferDialog,
} from './round-edit-dialogs';
import { deviceToday } from './use-round-list';

export type RoundAction =
  | 'frequency'
  | 'remove-frequency'
  | 'replan'
  | 'optimise'
  | 'colour'
  | 'location'
  | 'rename'
  | 'postcodes'
  | 'portal'
  | 'sell'
  | 'transfer'
  | 'delete'
  | 'address-prompt'
  | 'add-job'
  | 'add-existing';

export interface ActionResult {
  optimised?: { beforeKm: number; afterKm: number };
  deleted?: boolean;
}

/** `customerId:jobId` pairs, the hand-off format for selling and transferring (spec 000 section 2.5). */
export const jobPairs = (rows: readonly RoundRow[]) =>
  rows.map((r) => `${r.job.customerId}:${r.job._id}`).join(',');

/** The dialogs and one-step actions of the round dialog's menu and floating buttons. */
export function RoundActions({
  action,
  round,
  rows,
  onDone,
}: {
  action: RoundAction | undefined;
  round: Rounds.Round;
  rows: RoundRow[];
  onDone: (result?: ActionResult) => void;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const onError = (e: unknown) => toast.error(errorText(t, e));
  const remove = useCommand(Rounds.delete);
  const removeFrequency = useCommand(Rounds.removeFrequency);
  const replan = useCommand(Rounds.replan);
  const portal = useCommand(Rounds.setPortal);
  const optimise = useCommand(Rounds.optimise);

  // One-step actions: no dialog of their own.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per chosen action
  useEffect(() => {
    if (action === 'portal') {
      portal.mutate({ _id: round._id, isPortalRound: !round.isPortalRound }, { onError });
      onDone();
    } else if (action === 'sell') {
      onDone();
      void navigate({ href: `/marketplace/sell-jobs?jobIds=${jobPairs(rows)}&is-round-transfer=true` });
    } else if (action === 'optimise') {
      const origin = Rounds.validOrigin(me.account.settings.businessAddress?.lngLat);
      if (!origin) return;
      // The same deterministic search the command runs, for the figures to show.
      const located = rows.filter((r) => r.visit && r.job.location?.lngLat);
      const route = Rounds.optimiseRoute(
        origin,
        located.map((r) => r.job.location?.lngLat as [number, number]),
      );
      optimise.mutate({ _id: round._id, today: deviceToday() }, { onError });
      onDone({ optimised: { beforeKm: route.beforeKm, afterKm: route.afterKm } });
    }
  }, [action]);

  const confirm = (
    title: string,
    body: string | undefined,
    label: string,
    run: () => void,
    destructive = false,
  ) => (
    <AlertDialog open onOpenChange={(open) => !open && onDone()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          {body && <AlertDialogDescription>{body}</AlertDialogDescription>}
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
          <AlertDialogAction variant={destructive ? 'destructive' : 'default'} onClick={run}>
            {label}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
  const dialog = (content: ReactNode) => (
    <Dialog open onOpenChange={(open) => !open && onDone()}>
      {content}
    </Dialog>
  );

  switch (action) {
    case 'delete': {
      const count = rows.length;
      const key =
        count === 0
          ? 'rounds.delete-confirm-no-jobs'
          : count === 1
            ? 'rounds.delete-confirm-one-job'
            : 'rounds.delete-confirm-many-jobs';
      return confirm(
        t(key, { name: round.description, count }),
        undefined,
        t('general.delete'),
        () => {
          remove.mutate({ _id: round._id }, { onError });
          toast.success(t('rounds.deleted', { name: round.description }));
          onDone({ deleted: true });
        },
        true,
      );
    }
    case 'remove-frequency':
      return confirm(t('rounds.remove-frequency-confirm'), undefined, t('rounds.remove-frequency'), () => {
        removeFrequency.mutate({ _id: round._id }, { onError });
        onDone();
      });
    case 'replan':
      return confirm(
        t('rounds.reset-schedule'),
        t('rounds.reset-schedule-confirm'),
        t('rounds.reset-schedule'),
        () => {
          replan.mutate({ _id: round._id, today: deviceToday() }, { onError });
          toast.success(t('jobgroup.set-round-schedule-success'));
          onDone();
        },
      );
    case 'address-prompt':
      // Spec 000 section 5: a dismissable prompt that a business address is needed.
      return (
        <AlertDialog open onOpenChange={(open) => !open && onDone()}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{t('rounds.optimise-route')}</AlertDialogTitle>
              <AlertDialogDescription>{t('rounds.business-address-required')}</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogAction onClick={() => onDone()}>{t('general.ok')}</AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      );
    case 'frequency':
      return dialog(<FrequencyDialog round={round} jobCount={rows.length} onDone={() => onDone()} />);
    case 'colour':
      return dialog(<ColourDialog round={round} onDone={() => onDone()} />);
    case 'location':
      return dialog(<LocationDialog round={round} rows={rows} onDone={() => onDone()} />);
    case 'rename':
      return dialog(<RenameDialog round={round} onDone={() => onDone()} />);
    case 'postcodes':
      return dialog(<PostcodesDialog round={round} onDone={() => onDone()} />);
    case 'transfer':
      return dialog(<TransferDialog rows={rows} pairs={jobPairs(rows)} onDone={() => onDone()} />);
    case 'add-job':
      return dialog(<AddJobDialog round={round} onDone={() => onDone()} />);
    case 'add-existing':
      return dialog(<AddExistingJobDialog round={round} onDone={() => onDone()} />);
    default:
      return null;
  }
}
