import { type Actor, AppError, assertAccess, Portal } from '@roundwise/core';
import { EntityRepository, PortalStore } from '@roundwise/db';
import type { Deps } from '../context.ts';

/**
 * Saves the directory entry (`PUT /api/directory/secure/{accountEmail}`): the URL handle is
 * claimed across accounts first (a handle another business holds is `portal.handle-taken`), then
 * `portal.save-directory` runs (`run`: under the caller's idempotency key); once it has, a handle
 * the entry no longer uses is let go. A save refused after the claim keeps the new handle for
 * this account until its next save: never another account's.
 */
export async function saveDirectory(
  s: Deps,
  actor: Actor,
  body: unknown,
  run: (input: unknown) => Promise<unknown>,
): Promise<Portal.Directory> {
  // Only who may save may claim a handle.
  assertAccess(Portal.saveDirectory.access, actor);
  const handle = Portal.Handle.safeParse((body as { uniqueUrl?: unknown } | null)?.uniqueUrl);
  if (!handle.success) throw new AppError('validation', 'portal.handle-invalid');
  const handles = new PortalStore(s.db);
  const { accountId } = actor;
  const before = await new EntityRepository(s.db, accountId).get<Portal.Directory>(
    'portalDirectory',
    accountId,
  );
  if (!(await handles.claimHandle(handle.data, accountId)))
    throw new AppError('conflict', 'portal.handle-taken');
  const saved = (await run(body)) as Portal.Directory;
  if (before && before.uniqueUrl !== saved.uniqueUrl)
    await handles.releaseHandle(before.uniqueUrl, accountId);
  return saved;
}
