import type { Conflicts } from '@roundwise/core';
import { lazy, Suspense, useMemo } from 'react';
import { useMe } from '../../lib/me';
import { useEntities } from '../../lib/sync/hooks';

// The list and its commands (every edited area's) load only when there is something to tell.
const ConflictList = lazy(() => import('./conflict-list').then((m) => ({ default: m.ConflictList })));

/**
 * Changes of the signed-in person's that were not kept because someone else's later edit won
 * (docs/sync.md, "Conflicting edits"), shown above every screen until dealt with. The
 * server sends each person only their own; a device's own optimistic run may also have made one
 * for someone else, which is not shown here.
 */
export function ConflictNotices() {
  const me = useMe();
  const all = useEntities<Conflicts.Conflict>('conflict');
  const mine = useMemo(
    () =>
      Object.values(all)
        .filter((c) => c.userId === me.user.userId)
        .sort((a, b) => (a.at < b.at ? 1 : -1)),
    [all, me.user.userId],
  );
  if (mine.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ConflictList conflicts={mine} />
    </Suspense>
  );
}
