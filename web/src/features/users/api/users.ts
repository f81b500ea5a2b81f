import type { Role } from '@roundwise/core';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

export interface AccountUser {
  userId: string;
  email: string;
  name: string;
  emailVerified: boolean;
  roles: Role[];
  deactivated: boolean;
}

/** An invitation not yet accepted: only the address, and the name and roles the inviter gave. */
export interface Invitation {
  email: string;
  name: string;
  roles: Role[];
  deactivated: boolean;
  expired: boolean;
}

/**
 * A row of the users screen: a member (`userId`) or an invitation, changed the same way (roles,
 * deactivate) at its own address.
 */
export interface Person {
  key: string;
  userId?: string;
  email: string;
  name: string;
  roles: Role[];
  deactivated: boolean;
  status: 'active' | 'invited' | 'expired' | 'deactivated';
}

const toPeople = (users: AccountUser[], invitations: Invitation[]): Person[] => [
  ...users.map((u) => ({
    key: u.userId,
    userId: u.userId,
    email: u.email,
    name: u.name,
    roles: u.roles,
    deactivated: u.deactivated,
    status: u.deactivated ? ('deactivated' as const) : ('active' as const),
  })),
  ...invitations.map((i) => ({
    key: `invitation:${i.email}`,
    email: i.email,
    name: i.name,
    roles: i.roles,
    deactivated: i.deactivated,
    status: i.deactivated
      ? ('deactivated' as const)
      : i.expired
        ? ('expired' as const)
        : ('invited' as const),
  })),
];

/** `GET /api/users` (Owner, Admin): the members and the invitations, as one list. */
export const usersQuery = queryOptions({
  queryKey: ['users'],
  queryFn: async () => {
    const { users, invitations } = await answer(api.users.$get());
    return toPeople(users, invitations);
  },
});

/** `POST /api/users/invite` `{ email, name, roles }`. */
export function useInviteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; name: string; roles: Role[] }) =>
      answer(api.users.invite.$post({ json: body })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['users'] }),
  });
}

/** `PATCH /api/users/:userId` (a member) or `/api/users/invitations/:email`: `{ roles?, deactivated? }`. */
export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ person, ...body }: { person: Person; roles?: Role[]; deactivated?: boolean }) => {
      await (person.userId
        ? answer(
            api.users[':userId'].$patch({ param: { userId: encodeURIComponent(person.userId) }, json: body }),
          )
        : answer(
            api.users.invitations[':email'].$patch({
              param: { email: encodeURIComponent(person.email) },
              json: body,
            }),
          ));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['users'] }),
  });
}
