import type { Actor } from '@roundwise/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useMe } from '../../lib/me';
import { usersQuery } from '../users/api/users';

export interface Person {
  userId: string;
  name: string;
  isWorker: boolean;
}

/**
 * The account's people for assigning visits: `GET /api/users` where the role may list users
 * (Owner, Admin; the answer is kept in the persisted cache, so it is there offline too). A
 * Planner cannot list users: they see the signed-in user and the ids already assigned.
 */
export function usePeople(actor: Actor, assignedIds: Iterable<string> = []): Person[] {
  const me = useMe();
  const mayList = actor.roles.includes('Owner') || actor.roles.includes('Admin');
  const { data } = useQuery({ ...usersQuery, enabled: mayList, staleTime: 5 * 60_000 });
  const extra = [...new Set(assignedIds)].sort().join('|');
  return useMemo(() => {
    const people = new Map<string, Person>();
    for (const u of data ?? []) {
      if (u.deactivated) continue;
      people.set(u.userId, {
        userId: u.userId,
        name: u.name || u.email,
        isWorker: u.roles.includes('Worker'),
      });
    }
    if (!people.has(me.user.userId)) {
      people.set(me.user.userId, {
        userId: me.user.userId,
        name: me.user.name || me.user.email,
        isWorker: me.roles.includes('Worker'),
      });
    }
    for (const id of extra ? extra.split('|') : []) {
      if (!people.has(id)) people.set(id, { userId: id, name: '', isWorker: false });
    }
    return [...people.values()].sort((a, b) => (a.name || '~').localeCompare(b.name || '~'));
  }, [data, me, extra]);
}

/** A person's display name; someone the device cannot list shows as "Team member 1a2b". */
export function personName(p: Person | undefined, id: string, t: TFunction): string {
  return p?.name || t('schedule.team-member', { id: id.slice(-4).toLowerCase() });
}
