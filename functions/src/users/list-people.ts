import type { Actor } from '@roundwise/core';
import type { Services } from '../context.ts';

/**
 * The account's active team as every member may see it: names and roles, for assigning visits
 * and showing who did what. The users screen's details (emails, invitations, deactivated
 * members) stay with the Owner and Admins (`listUsers`). A member without a name shows by email.
 */
export async function listPeople(s: Services, actor: Actor) {
  const members = (await s.auth.listMembersOfAccount(actor.accountId)).filter((m) => !m.deactivated);
  const users = await Promise.all(members.map((m) => s.auth.getUser(m.userId)));
  return members.flatMap((m, i) => {
    const u = users[i];
    return u ? [{ userId: u.userId, name: u.name || u.email, roles: m.roles }] : [];
  });
}
