import './strings.ts';
import { isAppError } from '@roundwise/core';
import { Download, FolderInput, History } from 'lucide-react';
import { useState } from 'react';
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
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import type { Backup } from './api/backups';
import { downloadBackup } from './api/download-backup';
import { type LoadedBackup, loadBackup } from './api/load-backup';
import { useRestoreBackup } from './api/restore-backup';
import { useBackupLabels } from './labels';

/**
 * Restore, Download and (developer mode) Load of one backup (spec 002 section 2.8). Restore asks
 * first: it replaces the account's data on every device (a backup of the current data is made
 * before it, and shows in the history). The server answers with the restore's job at once; the
 * screen follows it (restore-progress.tsx).
 */
export function BackupActions({
  backup,
  email,
  developerMode,
  restoring,
  onLoaded,
  onRestoring,
}: {
  backup: Backup;
  email: string;
  developerMode: boolean;
  /** A restore of the account is under way (one at a time). */
  restoring: boolean;
  onLoaded: (loaded: LoadedBackup) => void;
  /** A restore started (or one already running was found): the screen follows it. */
  onRestoring: (jobId: string) => void;
}) {
  const { t } = useTranslation();
  const { when } = useBackupLabels();
  const restore = useRestoreBackup();
  const [confirming, setConfirming] = useState(false);
  const [loading, setLoading] = useState(false);
  const onError = (e: unknown) => toast.error(errorText(t, e));
  const label = when(backup.date);
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="outline"
        size="sm"
        onClick={() => setConfirming(true)}
        disabled={restore.isPending || restoring}
        aria-label={t('backups.restore-of', { when: label })}
      >
        <History aria-hidden />
        {t('backups.restore')}
      </Button>
      <Button
        variant="outline"
        size="sm"
        aria-label={t('backups.download-of', { when: label })}
        onClick={() => downloadBackup(backup.id, email).catch(onError)}
      >
        <Download aria-hidden />
        {t('backups.download')}
      </Button>
      {developerMode && (
        <Button
          variant="outline"
          size="sm"
          disabled={loading}
          aria-label={t('backups.load-of', { when: label })}
          onClick={() => {
            setLoading(true);
            loadBackup(backup.id, email)
              .then(onLoaded, () => toast.error(t('backups.load-failed')))
              .finally(() => setLoading(false));
          }}
        >
          <FolderInput aria-hidden />
          {t('backups.load')}
        </Button>
      )}
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('backups.restore-title', { when: label })}</AlertDialogTitle>
            <AlertDialogDescription>{t('backups.restore-description')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() =>
                restore.mutate(backup.id, {
                  onSuccess: (job) => onRestoring(job.id),
                  onError: (e) => {
                    onError(e);
                    // Someone else's restore: follow that one instead.
                    if (
                      isAppError(e) &&
                      e.code === 'backups.restore-running' &&
                      typeof e.params.jobId === 'string'
                    )
                      onRestoring(e.params.jobId);
                  },
                })
              }
            >
              {t('backups.restore')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
