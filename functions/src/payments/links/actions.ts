import { type Actor, newId, Payments } from '@roundwise/core';
import { runDefinedCommand } from '../../commands/run-command.ts';
import { readAccount } from '../../commands/write-account.ts';
import type { Deps } from '../../context.ts';
import { errorFields, log } from '../../log.ts';
import { PageRefusal } from '../../quotes/page-refusal.ts';
import { applyProviderStates } from '../apply-updates.ts';
import { providerNamed } from '../provider-effects.ts';
import { type MandateRequest, ProviderRefusal } from '../providers/provider.ts';
import type { CustomerView } from './customer-view.ts';

/** A form's attempt id (made when the page was drawn): one mandate, one payment per attempt. */
const Attempt = /^[0-9A-HJKMNP-TV-Z]{26}$/;
export const newAttempt = () => newId();

function providerFor(s: Deps, view: CustomerView, kind: Payments.ProviderKind) {
  const provider = providerNamed(s, view.account.settings.paymentConnections?.[kind]?.provider);
  if (!provider || !view.offered.includes(kind))
    throw new PageRefusal(400, 'payments.provider-not-connected');
  return provider;
}

const field = (form: Record<string, unknown>, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string).trim() : '';

/** The bank account or card a form gives, checked as the provider would (a clear refusal first). */
function detailsOf(kind: Payments.ProviderKind, form: Record<string, unknown>): MandateRequest['details'] {
  if (kind === 'direct-debit') {
    const sortCode = field(form, 'sortCode').replace(/[\s-]/g, '');
    const accountNumber = field(form, 'accountNumber').replace(/\s/g, '');
    const accountHolder = field(form, 'accountHolder');
    if (
      !/^\d{6}$/.test(sortCode) ||
      !/^\d{8}$/.test(accountNumber) ||
      !accountHolder ||
      accountHolder.length > 100
    )
      throw new PageRefusal(400, 'payments.bank-details-invalid');
    return { type: 'bank-account', accountHolder, sortCode, accountNumber };
  }
  const number = field(form, 'number').replace(/\s/g, '');
  const expiry = field(form, 'expiry');
  const cvc = field(form, 'cvc');
  if (!/^\d{16}$/.test(number) || !/^\d{2}\/\d{2}$/.test(expiry) || !/^\d{3,4}$/.test(cvc))
    throw new PageRefusal(400, 'payments.card-declined');
  return { type: 'card', number, expiry, cvc };
}

/**
 * The customer signs up to pay by direct debit (a mandate) or by card (a card on file), from
 * `/go/p/...`. The provider is asked once per attempt (the attempt is the idempotency key: a
 * second press of the button gets the same mandate), and its answer is applied to the customer
 * card at once; the mandate's later states come by webhook and the status pull.
 */
export async function signUp(
  s: Deps,
  view: CustomerView,
  kind: Payments.ProviderKind,
  form: Record<string, unknown>,
) {
  const attempt = field(form, 'attempt');
  if (!Attempt.test(attempt)) throw new PageRefusal(400, 'general.validation-failed');
  const provider = providerFor(s, view, kind);
  const details = detailsOf(kind, form);
  try {
    const mandate = await provider.createMandate(
      {
        account: view.accountId,
        customer: {
          id: view.customer._id,
          name: view.customer.name,
          ...(view.customer.email ? { email: view.customer.email } : {}),
        },
        details,
      },
      `mandate:${attempt}`,
    );
    await applyProviderStates(
      s,
      provider,
      [],
      [{ eventId: `${mandate.id}@${mandate.version}`, resource: mandate }],
    );
    return mandate;
  } catch (error) {
    if (error instanceof ProviderRefusal)
      throw new PageRefusal(
        400,
        kind === 'card' ? 'payments.card-declined' : 'payments.bank-details-invalid',
      );
    // The provider is down or slow: the customer sees their page again with a reason to try again,
    // not a bare error (a mandate it made regardless reaches us by its webhook and the pull).
    log({ type: 'error', job: `payments.sign-up.${provider.name}`, ...errorFields(error) });
    throw new PageRefusal(503, 'payments.provider-unavailable');
  }
}

/**
 * The customer pays what they owe by card from their account page: the card is kept on file (as
 * the provider does), then `payments.collect` runs under the form's attempt id (its idempotency
 * key: the command's id and the payment's), charging that card through its outbox effect, so
 * pressing Pay twice charges once. The page acts for the customer (`pageActor`): the command's
 * record answers only this customer's page, and its audit entry names them.
 */
export async function payByCard(s: Deps, view: CustomerView, form: Record<string, unknown>) {
  const attempt = field(form, 'attempt');
  if (!Attempt.test(attempt)) throw new PageRefusal(400, 'general.validation-failed');
  const store = readAccount(s, view.accountId);
  const existing = await store.get<Payments.Transaction>('transaction', attempt);
  if (existing) {
    if (existing.customerId === view.customer._id && existing.transactionType === 'AutomaticPayment')
      return existing;
    throw new PageRefusal(400, 'general.validation-failed');
  }
  if (Payments.toPence(view.balance) <= 0) throw new PageRefusal(400, 'payments.nothing-to-collect');
  const mandate = await signUp(s, view, 'card', form);
  const provider = providerFor(s, view, 'card');
  const answer = await runDefinedCommand(s, pageActor(view), Payments.collect, attempt, {
    _id: attempt,
    customerId: view.customer._id,
    onAccountPage: { provider: provider.name, mandateId: mandate.id },
  });
  if (answer.status !== 200) {
    const code = (answer.body as { code?: string }).code;
    throw new PageRefusal(400, code === 'payments.nothing-to-collect' ? code : 'general.validation-failed');
  }
  return undefined;
}

/** Who runs the customer's own payment: their page, for the business, as an Owner would collect. */
function pageActor(view: CustomerView): Actor {
  return {
    userId: `customer:${view.customer._id}`,
    email: view.customer.email || `customer:${view.customer._id}`,
    accountId: view.accountId,
    roles: ['Owner'],
    level: view.account.level,
    subscription: view.account.subscription,
    flags: view.account.flags,
    developerMode: false,
    settings: view.account.settings,
  };
}
