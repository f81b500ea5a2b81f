import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { syncNow } from '../../../lib/sync/offline-client';

/**
 * `POST /api/backups/{id}/restore`. The restored records come to this device as to every other,
 * through sync (deletions as tombstones), so it pulls at once instead of at the next interval.
 */
export function useRestoreBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<{ before: string; restored: string; written: number; deleted: number }>(
        `/backups/${encodeURIComponent(id)}/restore`,
      ),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['backups'] });
      await syncNow();
    },
  });
}
