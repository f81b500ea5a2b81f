import { type Entity, Quotes } from '@roundwise/core';
import { WINDOW_PRICES } from './business.ts';
import { DECLINE_REASONS, QUOTE_NOTES, type ServiceKey } from './data.ts';
import { DAY_MS, describeFrequency, isoDay } from './dates.ts';
import { apportion, type Ctx, type CustomerInfo, round2 } from './model.ts';
import type { Random } from './prng.ts';

interface Draft {
  quote: Quotes.Quote;
  /** When it last changed. */
  ms: number;
  day: number;
  index: number;
}

/**
 * Quotes: 35% pending, 45% accepted (items link to the customer's jobs), 20% declined (with a
 * reason). Quotes have no commands yet (their area comes later): each is recorded as data at its
 * last change, checked by the quote schema.
 */
export async function makeQuotes(ctx: Ctx, customers: CustomerInfo[]): Promise<Entity<Quotes.Quote>[]> {
  const rng = ctx.rng('quotes');
  const n = ctx.config.quotes;
  const states = apportion(n, [35, 45, 20]);
  const plan: Quotes.Quote['state'][] = rng.shuffle([
    ...Array<'pending'>(states[0]!).fill('pending'),
    ...Array<'accepted'>(states[1]!).fill('accepted'),
    ...Array<'declined'>(states[2]!).fill('declined'),
  ]);
  const won = rng.shuffle(customers.filter((c) => !c.prospect && c.createdDay >= ctx.historyStart + 20));
  const prospects = rng.shuffle(customers.filter((c) => c.prospect));
  const regulars = customers.filter((c) => !c.prospect && c.entity.state === 'active');
  const drafts: Draft[] = [];

  for (const state of plan) {
    let c: CustomerInfo;
    let day: number;
    if (state === 'accepted') {
      // Quoted at the enquiry, the day the customer was added; accepted before the first visit.
      c = won.pop() ?? rng.pick(regulars);
      day = c.createdDay;
    } else {
      const prospect = prospects.pop();
      c = prospect ?? rng.pick(regulars);
      day = prospect
        ? Math.min(ctx.today - 1, prospect.createdDay + rng.int(0, 3))
        : state === 'pending'
          ? ctx.today - rng.int(1, 45)
          : rng.int(ctx.historyStart, ctx.today - 5);
    }
    drafts.push({ ...makeQuote(ctx, rng, c, state, day), day, index: drafts.length });
  }

  const byCreated = (a: Draft, b: Draft) =>
    a.quote.createdDate < b.quote.createdDate ? -1 : a.quote.createdDate > b.quote.createdDate ? 1 : 0;
  drafts.sort((a, b) => a.day - b.day || byCreated(a, b) || a.index - b.index);
  drafts.forEach(({ quote, day }, i) => {
    // The server numbers quotes when it sees them: the newest may still be 'Pending Sync'.
    if (!(day >= ctx.today - 2 && quote.state === 'pending' && rng.chance(0.5)))
      quote.quoteNumber = `Q-${String(1001 + i)}`;
    else {
      delete quote.sentDate;
      delete quote.sentManually;
      delete quote.firstViewedDate;
      delete quote.lastViewedDate;
    }
  });
  const out: Entity<Quotes.Quote>[] = [];
  for (const { quote, ms } of drafts) out.push(await ctx.runner.record('quote', Quotes.Quote, quote, ms));
  // The account's quote counter goes on from the last number given, as the server's would.
  const settings = Quotes.settingsOrDefault({ nextNumber: 1001 + drafts.length });
  await ctx.runner.record('quoteSettings', Quotes.QuoteSettings, settings, ctx.latestMs);
  return out;
}

function makeQuote(
  ctx: Ctx,
  rng: Random,
  c: CustomerInfo,
  state: Quotes.Quote['state'],
  day: number,
): { quote: Quotes.Quote; ms: number } {
  const items: Quotes.Quote['items'] = [];
  const address = c.entity.address;
  if (state === 'accepted' && c.jobs.length) {
    for (const job of c.jobs.slice(0, 3)) {
      const s = ctx.services.get(job.service)!;
      items.push({
        relatedId: job.id,
        type: 'job',
        title: s.name,
        description: job.entity.notes || s.description,
        quantity: 1,
        unitPrice: job.entity.price,
        total: job.entity.price,
        frequencyDescription: describeFrequency(job.entity),
        address,
      });
    }
  } else {
    const keys: ServiceKey[] = c.prospect ? ['windows'] : [];
    for (const extra of rng.sample(
      ['gutters', 'conservatory', 'fascia', 'solar'] as ServiceKey[],
      rng.int(c.prospect ? 0 : 1, 2),
    ))
      keys.push(extra);
    for (const key of keys) {
      const s = ctx.services.get(key)!;
      const [lo, hi] =
        key === 'windows'
          ? WINDOW_PRICES[c.property]
          : [Math.max(20, s.defaultPrice - 15), Math.min(60, s.defaultPrice + 15)];
      const price = rng.int(lo, hi);
      items.push({
        type: 'job',
        title: s.name,
        description: s.description,
        quantity: 1,
        unitPrice: price,
        total: price,
        frequencyDescription:
          key === 'windows' ? describeFrequency(c.round.recurrence) : rng.pick(['One-off', 'Every 52 weeks']),
        address,
      });
    }
  }
  const subtotal = round2(items.reduce((sum, it) => sum + it.total, 0));
  const discountTotal = rng.chance(0.15) ? Math.min(5, subtotal) : 0;
  const createdMs = day * DAY_MS + rng.int(9 * 60, 18 * 60) * 60_000;
  const stamps = [createdMs];
  const at = (ms: number) => {
    const clamped = Math.min(ms, ctx.latestMs);
    stamps.push(clamped);
    return new Date(clamped).toISOString();
  };
  const sent = state !== 'pending' || rng.chance(0.9);
  const sentMs = createdMs + rng.int(5, 24 * 60) * 60_000;
  const viewed = sent && (state !== 'pending' || rng.chance(0.7));
  const firstView = sentMs + rng.int(10, 48 * 60) * 60_000;
  const decidedMs = Math.min(
    firstView + (state === 'accepted' ? rng.int(1, 36) * 3_600_000 : rng.int(1, 10) * DAY_MS),
    ctx.latestMs,
  );
  const notes = [rng.pick(QUOTE_NOTES), rng.chance(0.3) ? rng.pick(QUOTE_NOTES) : '']
    .filter(Boolean)
    .join('\n\n');
  const quote: Quotes.Quote = {
    _id: ctx.id(createdMs),
    customerId: c.id,
    name: items.map((it) => it.title).join(', ') || 'Quote',
    state,
    address,
    items,
    currency: 'GBP',
    date: isoDay(day),
    expiry: isoDay(day + 30),
    taxRate: 0,
    priceIncludesTax: true,
    notes,
    discountTotal,
    subtotal,
    totalTax: 0,
    total: round2(subtotal - discountTotal),
    ...(sent ? { sentDate: at(sentMs), ...(rng.chance(0.1) ? { sentManually: true } : {}) } : {}),
    ...(viewed
      ? { firstViewedDate: at(firstView), lastViewedDate: at(firstView + rng.int(0, 3) * DAY_MS) }
      : {}),
    ...(state === 'accepted' ? { acceptedDate: at(decidedMs) } : {}),
    ...(state === 'declined'
      ? { declinedDate: at(decidedMs), declineReason: rng.pick(DECLINE_REASONS) }
      : {}),
    ...(c.entity.utmParams ? { utmParams: c.entity.utmParams } : {}),
    createdDate: new Date(createdMs).toISOString(),
  };
  return { quote, ms: Math.min(Math.max(...stamps), ctx.latestMs) };
}
