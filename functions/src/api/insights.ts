import { AppError, canNavigate, Insights, IsoDate, type Payments } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { Hono } from 'hono';
import { z } from 'zod';
import { type Env, requireRoute, requireSession, validate } from './env.ts';

const Query = z.object({ from: IsoDate, to: IsoDate });

/**
 * `GET /api/insights/reports?from&to`: the insights reports tab (Owner, Admin, Reporting),
 * worked out here from the account's records, so a Reporting member sees the figures without
 * their device holding any customer, visit or payment (docs/insights.md). Online only.
 */
export const insightsRoutes = new Hono<Env>()
  .use(requireSession)
  .use(requireRoute('insights'))
  .get('/reports', validate('query', Query), async (c) => {
    const { actor } = c.var.signed;
    const tab = canNavigate(actor, 'insights', 'reports');
    if (!tab.ok) throw tab.error;
    const period = c.req.valid('query');
    if (period.from > period.to) throw new AppError('validation', 'insights.period-invalid');
    const repo = new EntityRepository(c.var.deps.db, actor.accountId);
    const [customers, visits, transactions, rounds] = await Promise.all([
      repo.listFields('customer', ['createdDate', 'state', '_updatedAt']),
      repo.listFields('visit', ['status', 'isoPlannedDate', 'rounds']),
      repo.listFields('transaction', [
        'amount',
        'date',
        'customerId',
        'transactionType',
        'voidedId',
        'occurrenceId',
      ]),
      repo.listFields('round', ['description']),
    ]);
    const visitRounds = new Map(
      visits.map((v) => [v._id as string, (v.rounds as string[] | undefined) ?? []]),
    );
    const names = new Map(rounds.map((r) => [r._id as string, r.description as string]));
    const revenue = Insights.revenueByRound(
      transactions as unknown as (Payments.LedgerEntry & { occurrenceId?: string })[],
      visitRounds,
      period,
      period.to,
    );
    return c.json({
      period,
      customers: Insights.customersByMonth(customers as never, period),
      jobs: Insights.jobsByMonth(visits as never, period),
      rounds: revenue
        .map((r) => ({ ...r, name: r.roundId ? (names.get(r.roundId) ?? '') : '' }))
        .sort((a, b) => b.invoiced - a.invoiced),
    });
  });
