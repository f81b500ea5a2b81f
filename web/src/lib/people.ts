import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { answer, api } from './http';
import { useMe } from './me';

export interface Person {
  userId: string;
  name: string;
  isWorker: boolean;
}

/** `GET /api/people`: the account's active team, names and roles (any member). */
export const peopleQuery = queryOptions({
  queryKey: ['people'],
  queryFn: async () => (await answer(api.people.$get())).people,
  staleTime: 5 * 60_000,
});

/**
 * The account's people for assigning visits and naming who did what, for every role (the answer
 * is kept in the persisted cache, so it is there offline too). Before it first arrives, the
 * signed-in user and the ids already assigned are listed.
 */
export function usePeople(assignedIds: Iterable<string> = []): Person[] {
  const me = useMe();
  const { data } = useQuery(peopleQuery);
  const extra = [...new Set(assignedIds)].sort().join('|');
  return useMemo(() => {
    const people = new Map<string, Person>();
    for (const p of data ?? []) {
      people.set(p.userId, { userId: p.userId, name: p.name, isWorker: p.roles.includes('Worker') });
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
