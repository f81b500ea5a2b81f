import { AppError, Id, IsoDate, Quotes, Schedule } from '@roundwise/core';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  acceptQuote,
  cancelVisit,
  chat,
  declineQuote,
  ProfileChanges,
  prepay,
  runAsCustomer,
  updateProfile,
} from '../portal/customer-commands.ts';
import {
  financialHistory,
  paymentOptions,
  profileOf,
  quoteOf,
  quotesOf,
  todaysVisits,
  upcomingVisits,
  visitHistory,
} from '../portal/customer-reads.ts';
import type { PortalCaller } from '../portal/session.ts';
import { inWorkingHours } from '../portal/working-hours.ts';
import { clientAddress } from './edge.ts';
import { validate } from './env.ts';
import { IDEMPOTENCY_HEADER } from './keyed-command.ts';
import { bookingMeRoutes } from './portal-booking.ts';
import { type PortalEnv, portalSession, publishedPortal } from './portal-session.ts';

const Key = z.string().min(8).max(64);

/** The caller's idempotency key: the same for every retry of one action (a timeout, a double tap). */
function keyOf(header: string | undefined): string {
  const key = Key.safeParse(header);
  if (!key.success) {
    throw new AppError('validation', 'general.validation-failed', {
      issues: ['Idempotency-Key: 8 to 64 characters, the same for every retry of one call'],
    });
  }
  return key.data;
}

async function timeZoneOf(caller: PortalCaller) {
  const settings = await caller.found.repo.get<Quotes.QuoteSettings>('quoteSettings', Quotes.SETTINGS_ID);
  return Quotes.settingsOrDefault(settings).timeZone;
}

/** A quote of this customer's, else 404 (another customer's quote is as unknown as none). */
async function ownQuote(caller: PortalCaller, id: string) {
  const quote = await quoteOf(caller, id);
  if (!quote) throw new AppError('not-found', 'quote.not-found');
  return quote;
}

/**
 * An acceptance carries nothing the customer chooses (what they accept is the quote's document as
 * the server holds it): anything else in the body is refused before the command runs.
 */
const Acceptance = z.object({}).strict();

/**
 * The signed-in customer's own portal, `/api/portal/{handle}/me/...` (docs/portal.md): reads of
 * their visits, quotes, money and details, and their actions as commands of the business
 * (`portal/customer-commands.ts`), each under the `Idempotency-Key` the caller sends.
 */
export const portalMeRoutes = new Hono<PortalEnv>()
  .use(publishedPortal, portalSession)
  .get('/visits/upcoming', async (c) => {
    const limit = c.var.portal.settings['upcoming-appointments'].appointmentLimit;
    return c.json({ visits: await upcomingVisits(c.var.deps, c.var.customer, limit) });
  })
  .get('/visits/today', async (c) => c.json(await todaysVisits(c.var.deps, c.var.customer)))
  .post('/visits/cancel', validate('json', z.object({ jobId: Id, isoDueDate: IsoDate })), async (c) => {
    const caller = c.var.customer;
    if (!c.var.portal.settings['todays-appointment'].allowAppointmentCancellation) {
      throw new AppError('forbidden', 'portal.cancel-not-allowed');
    }
    const key = keyOf(c.req.header(IDEMPOTENCY_HEADER));
    const today = Schedule.todayIn(await timeZoneOf(caller), c.var.deps.now());
    const result = await runAsCustomer(c.var.deps, caller, cancelVisit, key, {
      ...c.req.valid('json'),
      today,
    });
    return c.json(result as { cancelled: true });
  })
  .get('/visits/history', async (c) => c.json(await visitHistory(c.var.deps, c.var.customer)))
  .get('/quotes', async (c) => c.json({ quotes: await quotesOf(c.var.customer) }))
  .get('/quotes/:id', async (c) => c.json(await ownQuote(c.var.customer, c.req.param('id'))))
  .post('/quotes/:id/accept', validate('json', Acceptance), async (c) => {
    const caller = c.var.customer;
    const quote = await ownQuote(caller, c.req.param('id'));
    const key = keyOf(c.req.header(IDEMPOTENCY_HEADER));
    await runAsCustomer(c.var.deps, caller, acceptQuote, key, {
      _id: quote.id,
      business: caller.found.account.businessName,
      address: clientAddress(c as never) ?? 'local',
      userAgent: c.req.header('user-agent') ?? '',
    });
    return c.json(await ownQuote(caller, quote.id));
  })
  .post('/quotes/:id/decline', validate('json', z.object({ reason: z.string().max(2000) })), async (c) => {
    const caller = c.var.customer;
    const quote = await ownQuote(caller, c.req.param('id'));
    const key = keyOf(c.req.header(IDEMPOTENCY_HEADER));
    await runAsCustomer(c.var.deps, caller, declineQuote, key, {
      _id: quote.id,
      business: caller.found.account.businessName,
      reason: c.req.valid('json').reason,
    });
    return c.json(await ownQuote(caller, quote.id));
  })
  .get('/transactions', async (c) => c.json(await financialHistory(c.var.customer)))
  .get('/payments', async (c) => c.json(await paymentOptions(c.var.deps, c.var.customer)))
  .post('/prepay', validate('json', z.object({ label: z.string().max(60) })), async (c) => {
    const caller = c.var.customer;
    const key = keyOf(c.req.header(IDEMPOTENCY_HEADER));
    // The payment's id is the key's: one charge per key, however often it is sent.
    const payment = await runAsCustomer(c.var.deps, caller, prepay, key, {
      _id: `prepay-${key}`,
      label: c.req.valid('json').label,
      options: c.var.portal.directory.config.prepayOptions,
    });
    return c.json({ payment: payment as { _id: string; amount: number; status: string } });
  })
  .get('/profile', (c) => c.json(profileOf(c.var.customer)))
  .put('/profile', validate('json', ProfileChanges), async (c) => {
    const caller = c.var.customer;
    const key = keyOf(c.req.header(IDEMPOTENCY_HEADER));
    await runAsCustomer(c.var.deps, caller, updateProfile, key, {
      changes: c.req.valid('json'),
      billingLocked: c.var.portal.settings['edit-profile-button'].disableBillingAddressChanges,
    });
    const fresh = await caller.found.repo.get<PortalCaller['customer']>('customer', caller.customer._id);
    return c.json(profileOf({ ...caller, customer: fresh ?? caller.customer }));
  })
  .get('/chat', async (c) => {
    const settings = c.var.portal.settings.chat;
    const open = inWorkingHours(settings, c.var.deps.now(), await timeZoneOf(c.var.customer));
    return c.json({ open, outOfHoursMessage: open ? '' : settings.outOfHoursMessage });
  })
  .post('/chat', validate('json', z.object({ message: z.string().max(2000) })), async (c) => {
    const caller = c.var.customer;
    const key = keyOf(c.req.header(IDEMPOTENCY_HEADER));
    const settings = c.var.portal.settings.chat;
    const sent = (await runAsCustomer(c.var.deps, caller, chat, key, c.req.valid('json'))) as { _id: string };
    const open = inWorkingHours(settings, c.var.deps.now(), await timeZoneOf(caller));
    return c.json({ id: sent._id, open, outOfHoursMessage: open ? '' : settings.outOfHoursMessage });
  })
  .route('/', bookingMeRoutes);
