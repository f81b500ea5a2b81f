import {
  type Actor,
  type Alerts,
  type CommandContext,
  type CommandDef,
  defineCommand,
  Id,
  isAppError,
  notFound,
  Quotes,
  validation,
} from '@roundwise/core';
import { z } from 'zod';
import { runDefinedCommand } from '../commands/run-command.ts';
import type { Deps } from '../context.ts';
import { documentHash, quoteDocument } from './document.ts';
import type { PublicQuote } from './find-public-quote.ts';
import { PageRefusal } from './page-refusal.ts';

type Quote = Quotes.Quote;
type Found = PublicQuote & { kind: 'found' };

/**
 * The customer's answers on the quote's page, as commands (docs/public-links.md): once per
 * attempt the page sends (a retried post is the same answer), written with their audit entry and
 * an alert to the business in one transaction. Server-only: no area lists them, so
 * `POST /api/commands` cannot run them; the page runs them for the link's own quote.
 */
const Answer = z.object({ _id: Id, business: z.string().max(500) });

async function open(ctx: CommandContext, _id: string): Promise<Quote> {
  const quote = await ctx.store.get<Quote>('quote', _id);
  if (!quote) throw notFound('quote.not-found', { id: _id });
  const settings = Quotes.settingsOrDefault(
    await ctx.store.get<Quotes.QuoteSettings>('quoteSettings', Quotes.SETTINGS_ID),
  );
  // Past its expiry day a quote takes no answer, whatever its state; an acceptance stands.
  if (quote.state !== 'accepted' && Quotes.isExpired(quote, ctx.now, settings.timeZone)) {
    throw validation('quote.expired');
  }
  return quote;
}

/** The business hears at once (the alerts area): its Owner, Admins and Creators, and the quote's author. */
function alertOf(ctx: { now: Date; newId(): string }, quote: Quote, title: string, message: string) {
  return {
    _id: ctx.newId(),
    title,
    message,
    audience: quote.ownerEmail ? [quote.ownerEmail.toLowerCase()] : [],
    createdDate: ctx.now.toISOString(),
    readBy: [],
  } satisfies Alerts.Alert;
}

const label = (q: Quote) => q.quoteNumber ?? q.name;

/**
 * Accepting freezes what the customer saw: the document (items, totals,
 * terms), when, from which address, and the document's SHA-256; later edits make new versions
 * and never touch it. Already accepted: nothing changes.
 */
export const acceptQuote = defineCommand({
  name: 'quotes.customer-accept',
  input: Answer.extend({ address: z.string(), userAgent: z.string() }),
  access: { whenNotSubscribed: true },
  async run(ctx, { _id, business, address, userAgent }) {
    const q = await open(ctx, _id);
    if (q.state === 'accepted') return { state: q.state };
    const customer = await ctx.store.get<{ name: string }>('customer', q.customerId);
    const at = ctx.now.toISOString();
    const document = quoteDocument(q, { businessName: business }, customer?.name ?? '');
    await ctx.store.put<Quote>('quote', {
      ...Quotes.accepted(q, at),
      acceptance: {
        version: q.version ?? 1,
        acceptedAt: at,
        address: address.slice(0, 100),
        userAgent: userAgent.slice(0, 500),
        hash: documentHash(document),
        document,
      },
    });
    await ctx.store.put<Alerts.Alert>(
      'alert',
      alertOf(
        ctx,
        q,
        `Quote ${label(q)} accepted`,
        `${customer?.name ?? 'The customer'} accepted it on its page.`,
      ),
    );
    return { state: 'accepted' };
  },
});

/** Declining needs a reason (spec 000 section 4); already declined: nothing changes. */
export const declineQuote = defineCommand({
  name: 'quotes.customer-decline',
  input: Answer.extend({
    reason: z.string().trim().min(1, 'quote.decline-reason-required').max(2000),
  }),
  access: { whenNotSubscribed: true },
  async run(ctx, { _id, reason }) {
    const q = await open(ctx, _id);
    if (q.state === 'declined') return { state: q.state };
    const customer = await ctx.store.get<{ name: string }>('customer', q.customerId);
    await ctx.store.put<Quote>('quote', Quotes.declined(q, ctx.now.toISOString(), reason));
    await ctx.store.put<Alerts.Alert>(
      'alert',
      alertOf(ctx, q, `Quote ${label(q)} declined`, `${customer?.name ?? 'The customer'}: ${reason}`),
    );
    return { state: 'declined' };
  },
});

/** The customer, acting on their own quote's link: an actor with no user, in the link's account. */
function customerActor(found: Found): Actor {
  const { account } = found;
  return {
    userId: `quote-link:${found.quote._id}`,
    email: 'customer (quote page)',
    accountId: account.accountId,
    roles: ['Owner'],
    level: account.level,
    subscription: account.subscription,
    flags: account.flags,
    developerMode: false,
    settings: account.settings,
  };
}

/** The attempt the page's form carries: a ULID it was rendered with. */
const ATTEMPT = /^[0-9A-HJKMNP-TV-Z]{26}$/;

async function answer(s: Deps, found: Found, def: CommandDef, attempt: string, input: object) {
  if (found.expired) throw new PageRefusal(410, 'quote.expired');
  if (!ATTEMPT.test(attempt)) throw new PageRefusal(400, 'general.validation-failed');
  const commandId = `customer-${attempt}`;
  const call = { _id: found.quote._id, business: found.account.businessName, ...input };
  for (let tries = 0; ; tries++) {
    try {
      const reply = await runDefinedCommand(s, customerActor(found), def, commandId, call);
      if (reply.status === 200) return;
      const code = String((reply.body as { code?: string }).code ?? 'general.validation-failed');
      throw new PageRefusal(code === 'quote.expired' ? 410 : 400, code);
    } catch (error) {
      // An attempt another page's answer used (`command.not-yours`): the page says no, in HTML.
      if (isAppError(error) && error.kind === 'forbidden') throw new PageRefusal(400, error.code);
      // A staff edit or a view landed in between: nothing was stored, so run it again.
      if (!(isAppError(error) && error.kind === 'conflict') || tries >= 2) throw error;
    }
  }
}

export const acceptByCustomer = (
  s: Deps,
  found: Found,
  attempt: string,
  from: { address: string; userAgent: string },
) => answer(s, found, acceptQuote, attempt, from);

export function declineByCustomer(s: Deps, found: Found, attempt: string, reason: string) {
  return answer(s, found, declineQuote, attempt, { reason: reason.slice(0, 4000) });
}
