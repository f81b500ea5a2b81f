import { AppError, errorFromAnswer, Portal, type Rounds, type Services } from '@roundwise/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { runDefinedCommand } from '../commands/run-command.ts';
import { runAsCustomer } from '../portal/customer-commands.ts';
import { validate } from './env.ts';
import { IDEMPOTENCY_HEADER } from './keyed-command.ts';
import { limitPerAddress } from './portal-limits.ts';
import { type PortalEnv, publishedPortal } from './portal-session.ts';

const Key = z.string().min(8).max(64);

/** The caller's name for its call: a retried request (a timeout, a double tap) is the same command. */
function callKey(c: { req: { header(name: string): string | undefined } }): string {
  const key = Key.safeParse(c.req.header(IDEMPOTENCY_HEADER));
  if (!key.success) {
    throw new AppError('validation', 'general.validation-failed', {
      issues: ['Idempotency-Key: 8 to 64 characters, the same for every retry of one call'],
    });
  }
  return key.data;
}

/** A service as the quote flow and the booking show it: its questions and prices by frequency. */
function serviceView({ service, questions }: Portal.OfferedService) {
  return {
    id: service._id,
    name: service.name,
    description: service.description,
    price: service.defaultPrice,
    duration: service.defaultDuration,
    questions: questions.map(({ id, label, type, options, required }) => ({
      id,
      label,
      type,
      options,
      required,
    })),
    frequencies: (service.frequencyPrices ?? []).map(({ frequencyType, frequencyInterval, price }) => ({
      frequencyType,
      frequencyInterval,
      price,
    })),
  };
}

/** `address` (an address or a postcode) or `postcode` alone, as the address-search widget asks. */
const Address = z
  .object({ address: z.string().max(500).optional(), postcode: z.string().max(20).optional() })
  .transform(({ address, postcode }) => ({ address: (address ?? postcode ?? '').trim() }))
  .refine((q) => q.address.length > 0, 'portal.address-required');

/**
 * The quote flow's request as the widget sends it: who (`contact`), where (`address`, its first
 * line and postcode, or one line), the services with their answers, where the widget was
 * (`source`) and the page's UTM parameters (`utm`, without the `utm_` prefix, or `utmParams`
 * with it). The command's own input (`Portal.LeadInput`) checks every field and names the refusal.
 */
const LeadRequest = z.object({
  services: z.unknown().optional(),
  contact: z
    .object({
      name: z.unknown().optional(),
      email: z.unknown().optional(),
      telephone: z.unknown().optional(),
    })
    .partial()
    .default({}),
  address: z.union([z.string(), z.object({ line1: z.string(), postcode: z.string() }).partial()]).optional(),
  source: z.unknown().optional(),
  notes: z.unknown().optional(),
  marketingAccepted: z.unknown().optional(),
  utm: z.record(z.string(), z.string()).optional(),
  utmParams: z.record(z.string(), z.string()).optional(),
});

function leadInput(body: z.infer<typeof LeadRequest>) {
  const address =
    typeof body.address === 'string'
      ? body.address
      : [body.address?.line1, body.address?.postcode]
          .map((p) => p?.trim())
          .filter(Boolean)
          .join(', ');
  const utm =
    body.utmParams ?? Object.fromEntries(Object.entries(body.utm ?? {}).map(([k, v]) => [`utm_${k}`, v]));
  const input = {
    name: body.contact.name,
    email: body.contact.email,
    telephoneNumber: body.contact.telephone,
    address,
    services: body.services,
    notes: body.notes,
    marketingAccepted: body.marketingAccepted,
    source: body.source,
    ...(Object.keys(utm).length ? { utmParams: utm } : {}),
  };
  // Left out, not undefined: the command's defaults fill what the widget did not send.
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}

/**
 * Booking, the address check and the quote flow, `/api/portal/{handle}/...` (docs/portal.md,
 * "Booking, the address check and the quote flow"). The public calls answer anyone on a published portal; what a
 * signed-in customer does goes through `portalSession`. Each change is a command of the account
 * under the caller's `Idempotency-Key`, answered from its record when retried.
 */
export const bookingRoutes = new Hono<PortalEnv>()
  /** Is this address (or postcode) in a round the portal serves? By postcode, or a street a portal round visits. */
  .get(
    '/address-check',
    limitPerAddress('address-check'),
    publishedPortal,
    validate('query', Address),
    async (c) => {
      const { repo } = c.var.portal;
      const { address } = c.req.valid('query');
      const rounds = await repo.list<Rounds.Round>('round');
      const onStreet = (await Portal.portalNeighbours(repo, rounds, address)).length > 0;
      const served = onStreet || Portal.roundsCovering(rounds, address).length > 0;
      return c.json({ served, onStreet, postcode: Portal.postcodeOf(address) ?? null });
    },
  )
  /** The services a new customer may ask a quote for, with their questions and prices. */
  .get('/quote-flow', publishedPortal, async (c) => {
    const { repo, directory } = c.var.portal;
    const services = await repo.list<Services.Service>('service');
    return c.json({ services: Portal.offeredServices(services, directory).map(serviceView) });
  })
  /** A new customer asks for a quote: a lead (source, UTM) and its quote request, once per key. */
  .post('/leads', limitPerAddress('leads'), publishedPortal, validate('json', LeadRequest), async (c) => {
    const key = callKey(c);
    const body = leadInput(c.req.valid('json'));
    const { account } = c.var.portal;
    const actor = {
      userId: 'portal-lead',
      email: 'new customer (portal)',
      accountId: account.accountId,
      roles: ['Owner' as const],
      level: account.level,
      subscription: account.subscription,
      flags: account.flags,
      developerMode: false,
      settings: account.settings,
    };
    const answer = await runDefinedCommand(c.var.deps, actor, Portal.createLead, `portal-lead-${key}`, body);
    if (answer.status !== 200) throw errorFromAnswer(answer.status, answer.body);
    return c.json({ received: true as const }, 201);
  });

/**
 * What the customer chooses when booking (the day, services, frequency, notes), checked before the
 * command runs: bad input is refused with its key and leaves the idempotency key unused, so the
 * corrected form books under the same attempt. The customer and the rules are the server's.
 */
const BookingRequest = Portal.BookingInput.omit({ customerId: true, rules: true });

/**
 * The signed-in customer's booking, `/api/portal/{handle}/me/...`: mounted inside `portalMeRoutes`,
 * whose `publishedPortal` and `portalSession` run first (a staff "view as" reads only).
 */
export const bookingMeRoutes = new Hono<PortalEnv>()
  /** The days the signed-in customer may book, round days first, and what they may book. */
  .get('/availability', async (c) => {
    const { repo, directory, settings } = c.var.portal;
    const { customer } = c.var.customer;
    const [days, services] = await Promise.all([
      Portal.availableDays(repo, {
        address: customer.address?.addressDescription ?? '',
        rules: settings['book-appointment'],
        now: c.var.deps.now(),
      }),
      repo.list<Services.Service>('service'),
    ]);
    return c.json({
      days: days.map(({ date, onRound }) => ({ date, onRound })),
      services: Portal.offeredServices(services, directory).map(serviceView),
    });
  })
  /** The customer books a day: a job and its first visit for the business to confirm, once per key. */
  .post('/bookings', validate('json', BookingRequest), async (c) => {
    const key = callKey(c);
    const caller = c.var.customer;
    // Who and under which rules come from the session and the portal, never from the caller.
    const input = {
      ...c.req.valid('json'),
      customerId: caller.customer._id,
      rules: c.var.portal.settings['book-appointment'],
    };
    const { date, onRound } = (await runAsCustomer(c.var.deps, caller, Portal.book, key, input)) as {
      date: string;
      onRound: boolean;
    };
    return c.json({ booking: { date, onRound, confirmed: false } }, 201);
  });
