import type { Deps } from '../context.ts';

/** The invitations a signed-in user can accept now: which business, and with which roles. */
export async function listOpenInvitations(s: Deps, email: string) {
  const open = await s.invitations.listOpenForEmail(email);
  const accounts = await Promise.all(open.map((i) => s.auth.getAccount(i.accountId)));
  return open.flatMap((i, n) => {
    const account = accounts[n];
    return account
      ? [
          {
            accountId: i.accountId,
            businessName: account.businessName,
            roles: i.roles,
            expiresAt: i.expiresAt,
          },
        ]
      : [];
  });
}
