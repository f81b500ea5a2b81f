import type { Actor, Audit } from '@roundwise/core';
import type { Deps } from '../context.ts';
import { listUsers } from './list-users.ts';
import { buildSecurityView, SecurityActions } from './security-events.ts';

/** How far back the view reads: long enough to see a pattern, short enough to read at once. */
export const SECURITY_VIEW_DAYS = 90;
const SECURITY_ACTIONS = new Set<string>(Object.values(SecurityActions));

/** `GET /api/users/security`: the users security view (route `users/audit`) from the audit log. */
export async function securityView(s: Deps, actor: Actor): Promise<Audit.UserSecurity[]> {
  const after = new Date(s.now().getTime() - SECURITY_VIEW_DAYS * 86_400_000).toISOString();
  const [users, entries] = await Promise.all([listUsers(s, actor), readEntries(s, actor.accountId, after)]);
  const people = new Map(users.map((u) => [u.userId, { email: u.email, name: u.name }]));
  return buildSecurityView(entries, people);
}

async function readEntries(s: Deps, accountId: string, after: string) {
  const entries: Audit.AuditEntry[] = [];
  for await (const page of s.audit.pages(accountId, { after })) {
    for (const entry of page.entries) if (SECURITY_ACTIONS.has(entry.action)) entries.push(entry);
  }
  return entries;
}
