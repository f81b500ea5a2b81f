import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

/** The spec's backup item (spec 002 section 3). */
export interface Backup {
  id: string;
  date: string;
  size: number;
  initiatorTask: string;
}

/** `GET /api/backups`: newest first, only those this person may see (the server applies the rule). */
export const backupsQuery = queryOptions({
  queryKey: ['backups'],
  queryFn: () => answer(api.backups.$get()),
});

/** 'run manual backup now': `POST /api/backups` (initiator manual). */
export function useRunBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => answer(api.backups.$post()),
    onSuccess: () => client.invalidateQueries({ queryKey: ['backups'] }),
  });
}
