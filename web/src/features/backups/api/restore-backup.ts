import { queryOptions, useMutation } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

/** A restore job as `POST /api/backups/{id}/restore` and `GET /api/backups/restores/{id}` answer it. */
export interface RestoreJob {
  id: string;
  backupId: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  /** Records the restore writes; null until the backup of the state before is taken. */
  total: number | null;
  done: number;
  written: number;
  deleted: number;
  before: string | null;
  /** The message key of a failure. */
  error: string | null;
}

export const isUnderWay = (job: RestoreJob | undefined) =>
  job?.state === 'queued' || job?.state === 'running';

/** How often the screen asks how a restore is going. */
const FOLLOW_MS = 1_000;

/** `GET /api/backups/restores/{id}`, asked again every second while the restore is under way. */
export const restoreJobQuery = (id: string) =>
  queryOptions({
    queryKey: ['backups', 'restores', id],
    queryFn: () => answer(api.backups.restores[':jobId'].$get({ param: { jobId: encodeURIComponent(id) } })),
    refetchInterval: (query) => (!query.state.data || isUnderWay(query.state.data) ? FOLLOW_MS : false),
  });

/** `POST /api/backups/{id}/restore`: answered at once with the job, which the queue worker runs. */
export function useRestoreBackup() {
  return useMutation({
    mutationFn: (id: string) =>
      answer(api.backups[':id'].restore.$post({ param: { id: encodeURIComponent(id) } })),
  });
}
