import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Payments } from '@roundwise/core';
import { SIGNATURE_HEADER, sign } from '../../functions/src/notifications/webhook.ts';
import type {
  ProviderMandate,
  ProviderPayment,
  ProviderWebhookEvent,
} from '../../functions/src/payments/providers/provider.ts';
import { closeServer, LOOPBACK, listen } from './net.ts';

const DAY = 86_400_000;

/** What happens to a payment after it is created (chosen at random by the rates, or set by a test). */
export type Outcome = 'paid' | 'failure' | 'late-failure' | 'chargeback';

export interface SimulatorOptions {
  name: string;
  kind: Payments.ProviderKind;
  /** Where its state is kept between runs (`<directory>/<name>.json`). */
  directory: string;
  /** Where its webhooks go (the app's `/api/payments/webhook/<name>`); undefined while the app starts. */
  webhookUrl: () => string | undefined;
  /** The clock its own time starts from (the app's, so the browser tests' fixed day holds). */
  clock?: () => Date;
  /**
   * How webhooks are delivered: each event `copies` times (default 2), each copy after a random
   * delay in `delayMs` (default 100-1500 ms, so they arrive late and out of order), a share
   * `dropRate` of events never sent at all (default 0).
   */
  delivery?: { copies?: number; delayMs?: [number, number]; dropRate?: number };
  /** Shares of payments that fail, fail after payout, are charged back; of mandates that fail. */
  rates?: { failure?: number; lateFailure?: number; chargeback?: number; mandateFailure?: number };
  /** Randomness (a seeded one in tests). */
  random?: () => number;
  tickMs?: number;
  log?: (line: string) => void;
}

interface SimPayment extends ProviderPayment {
  account: string;
  outcome: Outcome;
  /** Provider time (ms) of its next scheduled change. */
  dueAt?: number;
  refundedPence?: number;
}

interface SimMandate extends ProviderMandate {
  account: string;
  fails: boolean;
  dueAt?: number;
}

interface State {
  offsetMs: number;
  payments: Record<string, SimPayment>;
  mandates: Record<string, SimMandate>;
  /** Idempotency key → the answer given to its first call. */
  keys: Record<string, { status: number; body: unknown }>;
}

export interface PaymentSimulator {
  name: string;
  kind: Payments.ProviderKind;
  url: string;
  apiKey: string;
  webhookSecret: string;
  /** The provider's clock: the base clock plus every `advance`. */
  now(): Date;
  /** Moves the provider's clock on (mandates activate, payments pay out) and makes the changes due. */
  advance(ms: number): Promise<void>;
  /** Sets what will happen to a payment (tests and the dev endpoint). */
  plan(paymentId: string, outcome: Outcome): void;
  payments(): ProviderPayment[];
  mandates(): ProviderMandate[];
  /** Payment creations answered from an earlier call with the same key (so not charged again). */
  repeatedCharges(): number;
  /** Delivers every webhook copy waiting now (delays ignored; dropped ones stay dropped) and waits for those under way. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A local payment provider, direct-debit or card, on a free loopback port. It
 * behaves like the real ones where it matters to the app: a direct-debit mandate takes three days
 * to become active; a payment goes pending → submitted → confirmed → paid out over days (a card's
 * is confirmed at once), and may fail, fail after payout or be charged back; a payment can be
 * cancelled only before submission; every write takes an idempotency key. Each change is a
 * webhook event, signed, delivered twice, late and out of order, some dropped. Its time is the
 * app's clock plus what tests `advance`. State (not undelivered webhooks) survives restarts.
 */
export async function startPaymentSimulator(options: SimulatorOptions): Promise<PaymentSimulator> {
  await mkdir(options.directory, { recursive: true });
  const file = join(options.directory, `${options.name}.json`);
  const state: State = JSON.parse(
    await readFile(file, 'utf8').catch(() => '{"offsetMs":0,"payments":{},"mandates":{},"keys":{}}'),
  );
  const random = options.random ?? Math.random;
  const baseClock = options.clock ?? (() => new Date());
  const now = () => baseClock().getTime() + state.offsetMs;
  const apiKey = randomBytes(16).toString('hex');
  const webhookSecret = randomBytes(32).toString('hex');
  const copies = options.delivery?.copies ?? 2;
  const [minDelay, maxDelay] = options.delivery?.delayMs ?? [100, 1500];
  const dropRate = options.delivery?.dropRate ?? 0;
  const rates = options.rates ?? {};
  const card = options.kind === 'card';
  let repeated = 0;
  let stopped = false;

  // Saves are chained, so the file is always one whole state (written as .tmp, then renamed).
  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    saving = saving.then(async () => {
      await writeFile(`${file}.tmp`, JSON.stringify(state));
      await rename(`${file}.tmp`, file);
    });
    return saving;
  };

  // Webhook copies waiting for their time.
  const waiting = new Map<string, { timer: NodeJS.Timeout; event: ProviderWebhookEvent }>();
  const inFlight = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  };
  const deliver = async (event: ProviderWebhookEvent, attempt = 1): Promise<void> => {
    const url = options.webhookUrl();
    const body = JSON.stringify({ events: [event] });
    try {
      if (!url) throw new Error('no webhook address yet');
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(webhookSecret, body) },
        body,
      });
      await response.body?.cancel();
      if (response.status >= 500) throw new Error(`webhook answered ${response.status}`);
    } catch (error) {
      // As providers do: tried again later, a few times, then given up (the app's pull catches up).
      if (stopped || attempt >= 5) return;
      options.log?.(`[${options.name}] webhook: ${(error as Error).message}; tried again`);
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      return deliver(event, attempt + 1);
    }
  };
  const emit = (type: ProviderWebhookEvent['type'], resource: ProviderPayment | ProviderMandate) => {
    const event: ProviderWebhookEvent = {
      id: `EV${randomUUID().replace(/-/g, '')}`,
      createdAt: new Date(now()).toISOString(),
      type,
      resource: publicOf(resource),
    };
    // A dropped event is lost for good (no copy of it is sent): only the status pull finds it.
    if (random() < dropRate) return;
    for (let copy = 0; copy < copies; copy++) {
      const key = `${event.id}#${copy}`;
      const delay = minDelay + random() * (maxDelay - minDelay);
      const timer = setTimeout(() => {
        waiting.delete(key);
        void track(deliver(event));
      }, delay);
      waiting.set(key, { timer, event });
    }
  };

  const change = <T extends SimPayment | SimMandate>(r: T, status: T['status'], cause?: string) => {
    r.status = status as never;
    r.version++;
    r.updatedAt = new Date(now()).toISOString();
    const withCause = r as { cause?: string };
    if (cause) withCause.cause = cause;
    else delete withCause.cause;
    emit('amountPence' in r ? 'payment' : 'mandate', r);
  };

  /** The next scheduled change of a payment: its status and how long after the last one. */
  const nextOfPayment = (p: SimPayment): [Payments.ProviderPaymentStatus, number, string?] | undefined => {
    switch (p.status) {
      case 'pending_submission':
        return card
          ? [p.outcome === 'failure' ? 'failed' : 'confirmed', 0, 'card_declined']
          : ['submitted', DAY];
      case 'submitted':
        return p.outcome === 'failure' ? ['failed', 2 * DAY, 'insufficient_funds'] : ['confirmed', 2 * DAY];
      case 'confirmed':
        return ['paid_out', card ? 2 * DAY : DAY];
      case 'paid_out':
        if (p.outcome === 'late-failure' && !card)
          return ['failed', 2 * DAY, 'refer_to_payer: late failure after payout'];
        if (p.outcome === 'chargeback') return ['charged_back', 5 * DAY, 'disputed by the payer'];
        return undefined;
      default:
        return undefined;
    }
  };
  const schedule = (p: SimPayment) => {
    const next = nextOfPayment(p);
    if (next) p.dueAt = now() + next[1];
    else delete p.dueAt;
  };
  const scheduleMandate = (m: SimMandate) => {
    if (m.status === 'pending_submission') m.dueAt = now() + DAY;
    else if (m.status === 'submitted') m.dueAt = now() + 2 * DAY;
    else delete m.dueAt;
  };

  /** Makes every change that has come due by the provider's clock, in time order. */
  const run = async () => {
    let changed = false;
    for (;;) {
      const due = [...Object.values(state.payments), ...Object.values(state.mandates)]
        .filter((r) => r.dueAt !== undefined && r.dueAt <= now())
        .sort((a, b) => (a.dueAt ?? 0) - (b.dueAt ?? 0));
      if (due.length === 0) break;
      for (const r of due) {
        if ('amountPence' in r) {
          const next = nextOfPayment(r);
          if (next) change(r, next[0], next[2]);
          schedule(r);
        } else {
          change(r, r.status === 'pending_submission' ? 'submitted' : r.fails ? 'failed' : 'active');
          scheduleMandate(r);
        }
        changed = true;
      }
    }
    if (changed) await save();
  };

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const readJson = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  /** A write under an idempotency key: the first call's answer, whatever the later calls say. */
  const once = async (key: string, work: () => { status: number; body: unknown }) => {
    const known = state.keys[key];
    if (known) return { ...known, repeat: true };
    const result = work();
    state.keys[key] = result;
    await save();
    return { ...result, repeat: false };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://provider.local');
    const path = url.pathname.split('/').filter(Boolean);
    if (req.headers.authorization !== `Bearer ${apiKey}`) return answer(res, 401, { error: 'bad key' });
    const account = String(req.headers['provider-account'] ?? '');
    if (!account) return answer(res, 400, { error: 'Provider-Account is required' });
    await run();
    const key = String(req.headers['idempotency-key'] ?? '');
    if (req.method === 'GET') {
      if (path[0] === 'payments' && path[1]) {
        const p = state.payments[path[1]];
        return p && p.account === account
          ? answer(res, 200, publicOf(p))
          : answer(res, 404, { error: 'no such payment' });
      }
      if (path[0] === 'changes') {
        const since = url.searchParams.get('since') ?? '';
        const mine = <T extends { account: string; updatedAt: string }>(list: T[]) =>
          list.filter((r) => r.account === account && r.updatedAt >= since);
        const payments = mine(Object.values(state.payments));
        const mandates = mine(Object.values(state.mandates));
        const cursor = [...payments, ...mandates].reduce<string | undefined>(
          (max, r) => (max && max > r.updatedAt ? max : r.updatedAt),
          since || undefined,
        );
        return answer(res, 200, {
          payments: payments.map(publicOf),
          mandates: mandates.map(publicOf),
          cursor,
        });
      }
      return answer(res, 404, { error: 'not found' });
    }
    if (req.method !== 'POST') return answer(res, 405, { error: 'method' });
    if (!key) return answer(res, 400, { error: 'Idempotency-Key is required' });
    const body = await readJson(req);
    let result: { status: number; body: unknown; repeat: boolean };
    if (path[0] === 'mandates' && !path[1]) {
      result = await once(key, () => createMandate(account, body));
    } else if (path[0] === 'payments' && !path[1]) {
      result = await once(key, () => createPayment(account, body));
      if (result.repeat) repeated++;
    } else if (path[0] === 'payments' && path[1] && (path[2] === 'cancel' || path[2] === 'refund')) {
      const p = state.payments[path[1]];
      if (!p || p.account !== account) return answer(res, 404, { error: 'no such payment' });
      result = await once(key, () =>
        path[2] === 'cancel' ? cancel(p) : refund(p, Number(body.amountPence)),
      );
    } else return answer(res, 404, { error: 'not found' });
    return answer(res, result.status, result.body);
  };

  const createMandate = (account: string, body: Record<string, unknown>) => {
    const details = body.details as Record<string, string> | undefined;
    const customer = body.customer as { id?: string } | undefined;
    let label: string;
    if (card) {
      const number = String(details?.number ?? '').replace(/\s/g, '');
      if (
        details?.type !== 'card' ||
        !/^\d{16}$/.test(number) ||
        !/^\d{2}\/\d{2}$/.test(details.expiry ?? '')
      )
        return { status: 422, body: { error: 'card_invalid' } };
      // The card networks' test number for a decline.
      if (number === '4000000000000002') return { status: 422, body: { error: 'card_declined' } };
      label = `Card •••• ${number.slice(-4)}`;
    } else {
      if (
        details?.type !== 'bank-account' ||
        !/^\d{6}$/.test(String(details.sortCode ?? '').replace(/-/g, '')) ||
        !/^\d{8}$/.test(String(details.accountNumber ?? '')) ||
        !String(details.accountHolder ?? '').trim()
      )
        return { status: 422, body: { error: 'bank_details_invalid' } };
      label = `Bank account •••• ${String(details.accountNumber).slice(-4)}`;
    }
    const m: SimMandate = {
      id: `${card ? 'pm' : 'MD'}${randomUUID().replace(/-/g, '').slice(0, 14).toUpperCase()}`,
      status: 'pending_submission',
      version: 0,
      metadata: { accountId: account, customerId: String(customer?.id ?? '') },
      updatedAt: new Date(now()).toISOString(),
      createdAt: new Date(now()).toISOString(),
      label,
      account,
      fails: !card && random() < (rates.mandateFailure ?? 0),
    };
    state.mandates[m.id] = m;
    // A card on file is usable at once; a mandate takes days.
    change(m, card ? 'active' : 'pending_submission');
    scheduleMandate(m);
    return { status: 201, body: publicOf(m) };
  };

  const createPayment = (account: string, body: Record<string, unknown>) => {
    const mandate = state.mandates[String(body.mandateId ?? '')];
    const amountPence = Number(body.amountPence);
    if (!mandate || mandate.account !== account) return { status: 422, body: { error: 'mandate_not_found' } };
    if (mandate.status === 'failed' || mandate.status === 'cancelled')
      return { status: 422, body: { error: `mandate_${mandate.status}` } };
    if (!Number.isInteger(amountPence) || amountPence <= 0)
      return { status: 422, body: { error: 'amount_invalid' } };
    const roll = random();
    const outcome: Outcome =
      roll < (rates.failure ?? 0)
        ? 'failure'
        : roll < (rates.failure ?? 0) + (rates.lateFailure ?? 0)
          ? 'late-failure'
          : roll < (rates.failure ?? 0) + (rates.lateFailure ?? 0) + (rates.chargeback ?? 0)
            ? 'chargeback'
            : 'paid';
    const p: SimPayment = {
      id: `${card ? 'pi' : 'PM'}${randomUUID().replace(/-/g, '').slice(0, 14).toUpperCase()}`,
      status: 'pending_submission',
      version: 0,
      amountPence,
      currency: String(body.currency ?? 'GBP'),
      mandateId: mandate.id,
      metadata: body.metadata as SimPayment['metadata'],
      updatedAt: new Date(now()).toISOString(),
      account,
      outcome: card && outcome === 'late-failure' ? 'paid' : outcome,
    };
    state.payments[p.id] = p;
    change(p, 'pending_submission');
    // A direct debit waits for its mandate: submitted no sooner than the mandate is active.
    schedule(p);
    if (mandate.dueAt && p.dueAt) p.dueAt = Math.max(p.dueAt, mandate.dueAt + 2 * DAY);
    return { status: 201, body: publicOf(p) };
  };

  const cancel = (p: SimPayment) => {
    if (p.status !== 'pending_submission')
      return { status: 409, body: { error: `cannot_cancel: payment is ${p.status}` } };
    change(p, 'cancelled', 'cancelled by the merchant');
    delete p.dueAt;
    return { status: 200, body: publicOf(p) };
  };

  const refund = (p: SimPayment, amountPence: number) => {
    if (p.status !== 'confirmed' && p.status !== 'paid_out')
      return { status: 409, body: { error: `cannot_refund: payment is ${p.status}` } };
    if (!Number.isInteger(amountPence) || amountPence <= 0 || amountPence > p.amountPence)
      return { status: 422, body: { error: 'refund_amount_invalid' } };
    p.refundedPence = amountPence;
    change(p, 'refunded');
    delete p.dueAt;
    return { status: 200, body: publicOf(p) };
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => answer(res, 500, { error: error.message }));
  });
  const port = await listen(server, 0, LOOPBACK);
  const ticker = setInterval(() => void run().catch(() => {}), options.tickMs ?? 250);

  return {
    name: options.name,
    kind: options.kind,
    url: `http://${LOOPBACK}:${port}`,
    apiKey,
    webhookSecret,
    now: () => new Date(now()),
    async advance(ms) {
      // Step by step, so each change happens at its own time (and events carry that time).
      const target = state.offsetMs + ms;
      while (state.offsetMs < target) {
        const nextDue = Math.min(
          ...[...Object.values(state.payments), ...Object.values(state.mandates)].map(
            (r) => r.dueAt ?? Number.POSITIVE_INFINITY,
          ),
        );
        const step = Math.min(target - state.offsetMs, Math.max(1, nextDue - now()));
        state.offsetMs += step;
        await run();
      }
      await save();
    },
    plan(paymentId, outcome) {
      const p = state.payments[paymentId];
      if (!p) throw new Error(`No payment ${paymentId}`);
      p.outcome = outcome;
      if (!p.dueAt) schedule(p);
      void save();
    },
    payments: () => Object.values(state.payments).map(publicOf) as ProviderPayment[],
    mandates: () => Object.values(state.mandates).map(publicOf) as ProviderMandate[],
    repeatedCharges: () => repeated,
    async flush() {
      const events = [...waiting.values()];
      for (const { timer } of events) clearTimeout(timer);
      waiting.clear();
      await Promise.all([...events.map(({ event }) => track(deliver(event))), ...inFlight]);
    },
    async stop() {
      stopped = true;
      clearInterval(ticker);
      for (const { timer } of waiting.values()) clearTimeout(timer);
      waiting.clear();
      await saving;
      await closeServer(server);
    },
  };
}

/** What the provider shows of a resource (not its plan or its account). */
function publicOf<T extends object>(r: T): T {
  const { account: _a, outcome: _o, dueAt: _d, fails: _f, ...rest } = r as Record<string, unknown>;
  return structuredClone(rest) as T;
}
