import type { Actor } from '@roundwise/core';
import type { Deps } from '../context.ts';

/** The members of the current account, with their roles there (invitations: list-invitations.ts). */
export async function listUsers(s: Deps, actor: Actor) {
  const members = await s.auth.listMembersOfAccount(actor.accountId);
  const users = await Promise.all(members.map((m) => s.auth.getUser(m.userId)));
  return members.flatMap((m, i) => {
    const u = users[i];
    if (!u) return [];
    return [
      {
        userId: u.userId,
        email: u.email,
        name: u.name,
        emailVerified: u.emailVerified,
        roles: m.roles,
        deactivated: m.deactivated,
      },
    ];
  });
}
