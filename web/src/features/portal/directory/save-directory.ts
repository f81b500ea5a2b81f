import '../strings.ts';
import { AppError, type Change, type Entity, newId, type Portal } from '@roundwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';
import { applyChanges } from '../../../lib/sync/cache';
import { useAccountId } from '../../../lib/sync/hooks';

/**
 * `PUT /api/directory/secure/{accountEmail}` (spec 002 section 7): the whole directory entry,
 * under an `Idempotency-Key` drawn once per press (the variables), so a retried request is the
 * same save. On success the local copy is replaced by the server's (the handle's claim runs only
 * there, so this save is not an offline command).
 */
export function useSaveDirectory(accountEmail: string) {
  const client = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: async ({ entry, key }: { entry: Portal.DirectoryFields; key: string }) => {
      const saved = await answer(
        api.directory.secure[':accountEmail'].$put(
          { param: { accountEmail } },
          {
            headers: { 'idempotency-key': key, 'content-type': 'application/json' },
            init: { body: JSON.stringify(entry) },
          },
        ),
      );
      // The spec's answer: `success` false without errors is 'No response from server'.
      if (!saved.success) throw new AppError('internal', 'portal.no-response');
      // The answer's JSON type loses the recursive `children`; it is the saved entry.
      return saved.directory as unknown as Portal.Directory;
    },
    onSuccess: (directory) => {
      const change: Change = { type: 'portalDirectory', entity: directory as unknown as Entity };
      if (accountId) applyChanges(client, accountId, [change], 'server');
    },
  });
}

/** The variables of one save: the entry and the key every retry of it carries. */
export const saveOf = (entry: Portal.DirectoryFields) => ({ entry, key: newId() });
