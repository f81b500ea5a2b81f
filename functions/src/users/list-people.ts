import type { Actor } from '@roundwise/core';
import type { Deps } from '../context.ts';
import { listUsers } from './list-users.ts';

/**
 * The account's active team as every member may see it: names and roles, for assigning visits
 * and showing who did what. The users screen's details (emails, invitations, deactivated
 * members) stay with the Owner and Admins (`listUsers`). A member without a name shows by email.
 */
export async function listPeople(s: Deps, actor: Actor) {
  return (await listUsers(s, actor))
    .filter((u) => !u.deactivated)
    .map((u) => ({ userId: u.userId, name: u.name || u.email, roles: u.roles }));
}
