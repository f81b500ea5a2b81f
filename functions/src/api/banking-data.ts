import { AppError, Banking, Id } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { isLocalBank } from '../banking/local-bank.ts';
import { UnknownConsent } from '../banking/provider.ts';
import { type Env, requireRoute, requireSession, validate } from './env.ts';
import { keyedCommand } from './keyed-command.ts';

/** The consent page: no script, its one style inline. */
const CONSENT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The bank connection's calls (spec 000 section 7, `banking-data` as the spec names them) and the
 * import's: the institutions by popularity, a session opening the bank's consent page, the
 * connection made from the code it returns with, a statement file imported, and the reconciliation
 * suggestions. The local bank's consent page is served here too (no session: it is the bank's).
 */
export const bankingDataRoutes = new Hono<Env>()
  .get('/local-bank/consent', validate('query', z.object({ session: z.string().min(1).max(4000) })), (c) => {
    const bank = c.var.deps.bankData;
    if (!isLocalBank(bank)) throw new AppError('not-found', 'general.not-found');
    let consent: { institutionName: string; redirect: string };
    try {
      consent = bank.consent(c.req.valid('query').session);
    } catch {
      throw new AppError('validation', 'connected-services.consent-invalid');
    }
    c.header('content-security-policy', CONSENT_CSP);
    const cancel = `${consent.redirect.slice(0, consent.redirect.indexOf('?'))}?error=access_denied`;
    return c.html(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${consent.institutionName}: share your accounts</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}a{display:inline-block;margin:.5rem .5rem 0 0;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #1d4ed8;text-decoration:none}a.allow{background:#1d4ed8;color:#fff}</style>
</head><body><main>
<h1>${consent.institutionName}</h1>
<p>Roundwise asks to read your accounts, balances and transactions for 90 days. You can withdraw this at any time.</p>
<p>This is the local bank of a development copy of Roundwise: no real bank is involved.</p>
<a class="allow" href="${consent.redirect}">Allow</a><a href="${cancel}">Cancel</a>
</main></body></html>`);
  })
  .use(requireSession)
  .get('/institutions', requireRoute('connected-service'), async (c) => {
    const bank = c.var.deps.bankData;
    if (!bank) return c.json([]);
    const list = await bank.institutions();
    return c.json(
      list.sort((a, b) => b.popularity - a.popularity).map(({ id, name, logo }) => ({ id, name, logo })),
    );
  })
  .post(
    '/sessions',
    requireRoute('connected-service'),
    validate('json', z.object({ institutionId: z.string().min(1).max(200) })),
    async (c) => {
      const bank = c.var.deps.bankData;
      if (!bank) throw new AppError('validation', 'connected-services.institutions-unavailable');
      const { actor } = c.var.signed;
      const redirectUri = `${c.var.deps.publicUrl}/connected-service/${bank.name}`;
      try {
        const url = await bank.authLink({ ...c.req.valid('json'), reference: actor.accountId, redirectUri });
        return c.json({ url });
      } catch (error) {
        if (error instanceof UnknownConsent)
          throw new AppError('not-found', 'connected-services.institution-not-found');
        throw error;
      }
    },
  )
  .post(
    '/connections',
    requireRoute('connected-service'),
    validate('json', z.object({ code: z.string().min(1).max(4000) })),
    async (c) => {
      const bank = c.var.deps.bankData;
      if (!bank) throw new AppError('validation', 'connected-services.institutions-unavailable');
      const { actor } = c.var.signed;
      let consent: Awaited<ReturnType<typeof bank.exchangeCode>>;
      try {
        consent = await bank.exchangeCode(c.req.valid('json').code);
      } catch (error) {
        if (error instanceof UnknownConsent)
          throw new AppError('validation', 'connected-services.consent-invalid');
        throw error;
      }
      // The consent was asked for by this business: a code from another account's session is refused.
      if (consent.reference !== actor.accountId)
        throw new AppError('forbidden', 'connected-services.consent-not-yours');
      const accounts = await bank.accounts(consent.connectionId);
      const connection = await keyedCommand(c, Banking.connect.name, {
        provider: bank.name,
        providerConnectionId: consent.connectionId,
        institutionId: consent.institutionId,
        institutionName: consent.institutionName,
        accounts: accounts.map((a) => ({ providerAccountId: a.id, name: a.name })),
      });
      return c.json({ connection: connection as Banking.BankConnection });
    },
  )
  .post(
    '/imports',
    requireRoute('import-transactions'),
    validate('json', z.object({ paymentAccountId: Id, text: z.string().min(1).max(1_000_000) })),
    async (c) => {
      const { paymentAccountId, text } = c.req.valid('json');
      const parsed = Banking.parseStatement(text);
      if ('error' in parsed) {
        throw new AppError('validation', parsed.error, parsed.row ? { row: parsed.row } : {});
      }
      if (parsed.lines.length === 0) throw new AppError('validation', 'banking.file-unreadable');
      const result = await keyedCommand(c, Banking.import.name, {
        paymentAccountId,
        source: parsed.format,
        // An OFX file's FITID is the bank's own id, kept from one download to the next.
        stableIds: parsed.format === 'ofx',
        lines: parsed.lines,
      });
      return c.json(result as { added: number; replaced: number; skipped: number });
    },
  )
  .get(
    '/suggestions',
    requireRoute('import-transactions'),
    validate('query', z.object({ paymentAccountId: Id })),
    async (c) => {
      const repo = new EntityRepository(c.var.deps.db, c.var.signed.actor.accountId);
      const [transactions, expenses, suppliers, lines, customers] = await Promise.all([
        repo.list('transaction'),
        repo.list('expense'),
        repo.list('supplier'),
        repo.listBy('bankLine', c.req.valid('query').paymentAccountId),
        repo.listFields('customer', ['name']),
      ]);
      const m = Banking.matcher({
        transactions: transactions as never,
        expenses: expenses as never,
        suppliers: suppliers as never,
        lines: lines as never,
      });
      const names = new Map(customers.map((x) => [x._id as string, x.name as string]));
      const byId = new Map(
        transactions.map((t) => [
          t._id,
          t as unknown as { date: string; amount: number; customerId?: string },
        ]),
      );
      const suggestions = (lines as unknown as Banking.BankLine[])
        .filter((l) => !l.match)
        .sort((a, b) => a.date.localeCompare(b.date))
        .flatMap((l) => {
          const s = m.suggest(l);
          if (!s) return [];
          const records =
            s.kind === 'payments' || s.kind === 'invoice'
              ? s.ids.map((id) => {
                  const t = byId.get(id);
                  return {
                    id,
                    date: t?.date ?? '',
                    amount: t?.amount ?? 0,
                    name: names.get(t?.customerId ?? '') ?? '',
                  };
                })
              : [];
          return [{ lineId: l._id, suggestion: s, records }];
        });
      return c.json({ suggestions });
    },
  );
