import './strings.ts';
import type { Actor } from '@roundwise/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { DatabaseBackup } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { Screen } from '../../components/screen';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { type Backup, backupsQuery, useRunBackup } from './api/backups';
import type { LoadedBackup } from './api/load-backup';
import { BackupActions } from './backup-actions';
import { groupBackups } from './group-backups';
import { useBackupLabels } from './labels';
import { RestoreProgress } from './restore-progress';

/**
 * Backups (spec 002 section 2.8): the most recent backup, the 'Account Backup History' tree by
 * year, month and week beginning (the newest of each open), and 'run manual backup now'. The list
 * comes from the server already filtered by the visibility rule (section 6). Online only: backups
 * live in the backups bucket, not on the device.
 */
export function BackupsScreen({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const labels = useBackupLabels();
  const { data: backups } = useSuspenseQuery(backupsQuery);
  const run = useRunBackup();
  const tree = useMemo(() => groupBackups(backups), [backups]);
  const [loaded, setLoaded] = useState<LoadedBackup>();
  const [restoring, setRestoring] = useState<string>();
  const ended = useCallback(() => setRestoring(undefined), []);
  const whenOf = (id: string) => {
    const backup = backups.find((b) => b.id === id);
    return backup ? labels.when(backup.date) : '';
  };
  const latest = backups[0];
  const actions = (backup: Backup) => (
    <BackupActions
      backup={backup}
      email={actor.email}
      developerMode={actor.developerMode}
      restoring={restoring !== undefined}
      onRestoring={setRestoring}
      onLoaded={(l) => {
        // Kept for the developer's console, which is what Load is for.
        (window as unknown as { roundwiseBackup?: LoadedBackup }).roundwiseBackup = l;
        setLoaded(l);
      }}
    />
  );
  return (
    <Screen
      title={t('backups.title')}
      actions={
        <Button
          variant="outline"
          size="sm"
          className="h-9"
          disabled={run.isPending}
          onClick={() =>
            run.mutate(undefined, {
              onSuccess: () => toast.success(t('backups.made')),
              onError: (e) => toast.error(errorText(t, e)),
            })
          }
        >
          <DatabaseBackup aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('backups.run-manual')}</span>
        </Button>
      }
    >
      <div className="mx-auto flex max-w-3xl flex-col gap-4 p-4">
        {restoring && <RestoreProgress key={restoring} jobId={restoring} whenOf={whenOf} onEnded={ended} />}
        <Card aria-labelledby="latest-backup" data-testid="latest-backup">
          <h2 id="latest-backup" className="font-semibold text-lg">
            {t('backups.latest')}
          </h2>
          {latest ? (
            <div className="mt-2 flex flex-col gap-3">
              <p>
                <span className="font-medium">{labels.when(latest.date)}</span>
                <span className="text-muted-foreground">
                  {' · '}
                  {labels.initiator(latest.initiatorTask)}
                  {' · '}
                  {labels.size(latest.size)}
                </span>
              </p>
              {actions(latest)}
            </div>
          ) : (
            <p className="mt-2 text-muted-foreground">{t('backups.none')}</p>
          )}
        </Card>

        <section aria-labelledby="backup-history" className="rounded-lg border bg-card p-4">
          <h2 id="backup-history" className="mb-2 font-semibold text-lg">
            {t('backups.history-title')}
          </h2>
          {tree.length === 0 && <p className="text-muted-foreground">{t('backups.none')}</p>}
          {tree.map((year, yi) => (
            <details key={year.year} open={yi === 0} className="py-1">
              <summary className="cursor-pointer font-medium">{year.year}</summary>
              {year.months.map((month, mi) => (
                <details key={month.month} open={yi === 0 && mi === 0} className="py-1 pl-4">
                  <summary className="cursor-pointer">{labels.month(month.month)}</summary>
                  {month.weeks.map((week, wi) => (
                    <details
                      key={week.weekBeginning}
                      open={yi === 0 && mi === 0 && wi === 0}
                      className="py-1 pl-4"
                    >
                      <summary className="cursor-pointer text-sm">{labels.week(week.weekBeginning)}</summary>
                      <ul className="flex flex-col divide-y pl-4">
                        {week.backups.map((b) => (
                          <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                            <span className="text-sm">
                              <span className="font-medium">{labels.when(b.date)}</span>
                              <span className="text-muted-foreground">
                                {' · '}
                                {labels.initiator(b.initiatorTask)}
                                {' · '}
                                {labels.size(b.size)}
                              </span>
                            </span>
                            {actions(b)}
                          </li>
                        ))}
                      </ul>
                    </details>
                  ))}
                </details>
              ))}
            </details>
          ))}
        </section>
      </div>
      <Dialog open={loaded !== undefined} onOpenChange={(open) => !open && setLoaded(undefined)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('backups.loaded-title')}</DialogTitle>
            <DialogDescription>
              {t('backups.loaded-description', { count: loaded?.records.length ?? 0 })}
            </DialogDescription>
          </DialogHeader>
          <ul className="text-sm">
            {Object.entries(loaded?.counts ?? {})
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([type, count]) => (
                <li key={type} className="flex justify-between border-b py-1">
                  <span>{type}</span>
                  <span>{count}</span>
                </li>
              ))}
          </ul>
        </DialogContent>
      </Dialog>
    </Screen>
  );
}
