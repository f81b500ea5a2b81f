import './strings.ts';
import { AppError } from '@roundwise/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/errors';
import { syncNow } from '../../lib/sync/offline-client';
import { toast } from '../../lib/toast';
import { isUnderWay, restoreJobQuery } from './api/restore-backup';

/**
 * A restore under way, followed until it ends (the queue worker runs it in steps): how far it
 * is, then done (a toast) or its failure (kept here until closed). When it is done the restored records come to this device as to
 * every other, through sync (deletions as tombstones), so it pulls at once instead of at the next
 * interval, and the history shows the backup taken before it.
 */
export function RestoreProgress({
  jobId,
  whenOf,
  onEnded,
}: {
  jobId: string;
  /** The label of a backup's time, from the screen's list. */
  whenOf: (backupId: string) => string;
  onEnded: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { data: job, error } = useQuery(restoreJobQuery(jobId));
  const ended = job && !isUnderWay(job) ? job.state : undefined;
  const when = job ? whenOf(job.backupId) : '';
  // Told once, however often the screen renders before it lets this go.
  const told = useRef(false);
  useEffect(() => {
    if (!ended || told.current) return;
    told.current = true;
    void client.invalidateQueries({ queryKey: ['backups'] }).then(() => syncNow());
    if (ended === 'done') {
      toast.success(t('backups.restored', { when }));
      onEnded();
    }
  }, [ended, when, t, client, onEnded]);
  // A failure stays on the screen until read: what failed, and that the data before is kept.
  if (ended === 'failed') {
    return (
      <Card role="alert" data-testid="restore-progress" className="flex items-start justify-between gap-2">
        <p className="text-destructive">
          {errorText(t, new AppError('internal', job?.error ?? 'backups.restore-failed'))}
        </p>
        <Button variant="outline" size="sm" onClick={onEnded}>
          {t('general.close')}
        </Button>
      </Card>
    );
  }
  return (
    <Card role="status" data-testid="restore-progress">
      <p>
        {job?.total == null
          ? t('backups.restore-preparing', { when })
          : t('backups.restore-progress', { when, done: job.done, total: job.total })}
      </p>
      {job?.total ? (
        <progress
          className="mt-2 w-full"
          max={job.total}
          value={job.done}
          aria-label={t('backups.restore')}
        />
      ) : null}
      {error ? <p className="mt-2 text-destructive text-sm">{errorText(t, error)}</p> : null}
    </Card>
  );
}
