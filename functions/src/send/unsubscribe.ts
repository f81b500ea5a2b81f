import { type Actor, type Customers, defineCommand, Id, newId } from '@roundwise/core';
import { EntityRepository, PublicLinks } from '@roundwise/db';
import { z } from 'zod';
import { runDefinedCommand } from '../commands/run-command.ts';
import type { Deps } from '../context.ts';

/**
 * Withdraws a customer's marketing consent from a campaign email's unsubscribe link (RFC 8058
 * one-click, or the page's button). Server-only: no area lists it, so `POST /api/commands` cannot
 * run it; it is a command so the change syncs to every device like any other.
 */
const unsubscribeCustomer = defineCommand({
  name: 'send.unsubscribe',
  input: z.object({ customerId: Id }),
  access: { whenNotSubscribed: true },
  async run(ctx, { customerId }) {
    const customer = await ctx.store.get<Customers.Customer>('customer', customerId);
    if (!customer) return { success: true };
    if (customer.unsubscribedDate && !customer.marketingAccepted) return { success: true };
    await ctx.store.put<Customers.Customer>('customer', {
      ...customer,
      marketingAccepted: false,
      unsubscribedDate: ctx.now.toISOString(),
    });
    return { success: true };
  },
});

/** The campaign email a link's token names, with its account, or undefined (not a campaign email of ours). */
export async function unsubscribeTarget(s: Deps, token: string) {
  const link = await new PublicLinks(s.db).find(token, 'message');
  if (!link) return undefined;
  const [n, account] = await Promise.all([
    new EntityRepository(s.db, link.accountId).get<{ customerId: string; campaignId?: string }>(
      'notification',
      link.recordId,
    ),
    s.auth.getAccount(link.accountId),
  ]);
  if (!n?.campaignId || !account) return undefined;
  return { account, customerId: n.customerId };
}

/**
 * Honoured at once: the customer's consent is withdrawn in one command, so later campaigns skip
 * them. A second click changes nothing (already withdrawn); a click after the business recorded
 * consent again withdraws it again, as the customer asks.
 */
export async function unsubscribe(s: Deps, token: string): Promise<boolean> {
  const target = await unsubscribeTarget(s, token);
  if (!target) return false;
  const { account } = target;
  // The customer acts for themselves: an actor with no user, in the account the link belongs to.
  const actor: Actor = {
    userId: 'customer-unsubscribe',
    email: '',
    accountId: account.accountId,
    roles: ['Owner'],
    level: account.level,
    subscription: account.subscription,
    flags: account.flags,
    developerMode: false,
    settings: account.settings,
  };
  const answer = await runDefinedCommand(s, actor, unsubscribeCustomer, newId(), {
    customerId: target.customerId,
  });
  return answer.status === 200;
}
