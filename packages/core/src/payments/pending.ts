import { fromPence, isStanding, toPence } from './ledger.ts';
import { assessRisk, type ProviderKind, type RiskResult } from './risk.ts';
import type { LedgerEntry } from './schema.ts';

/**
 * The pending view (spec 002 section 2.4): per provider, the customers with pending payments or a
 * pending mandate ("customer pending status", section 4), ranked by `assessRisk`, highest first,
 * the Low ones left out unless `showLowRiskCustomers` is on.
 */

/** Names a transaction's provider may carry (`paymentDetails.paymentProvider` or the sub type). */
const PROVIDER_NAMES: Record<ProviderKind, readonly string[]> = {
  'direct-debit': ['direct-debit', 'gocardless', 'simulated-direct-debit'],
  card: ['stripe', 'simulated-card'],
};

export function providerKindOf(t: Pick<LedgerEntry, 'transactionSubType' | 'paymentDetails'>) {
  const name = t.paymentDetails?.paymentProvider ?? t.transactionSubType ?? '';
  return (Object.keys(PROVIDER_NAMES) as ProviderKind[]).find((k) => PROVIDER_NAMES[k].includes(name));
}

export interface PendingCustomer {
  _id: string;
  name: string;
  paymentProviderMetaData?: { status?: string; secondSignatureRequired?: boolean } | undefined;
}

export interface RankedCustomer extends RiskResult {
  customerId: string;
  name: string;
  pendingCount: number;
  pendingAmount: number;
  oldestPendingDays: number;
  mandatePending: boolean;
}

const DAY_MS = 86_400_000;
const daysSince = (date: string, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - Date.parse(`${date.slice(0, 10)}T00:00:00Z`)) / DAY_MS));

export function rankPending(
  customers: readonly PendingCustomer[],
  transactions: readonly LedgerEntry[],
  provider: ProviderKind,
  now: Date,
  options: { showLowRiskCustomers?: boolean } = {},
): RankedCustomer[] {
  const byCustomer = new Map<string, { count: number; pence: number; oldest: string }>();
  for (const t of transactions) {
    if (t.status !== 'pending' || !t.customerId || !isStanding(t) || t.transactionType === 'Invoice')
      continue;
    if (providerKindOf(t) !== provider) continue;
    const p = byCustomer.get(t.customerId) ?? { count: 0, pence: 0, oldest: t.date };
    p.count++;
    p.pence += Math.abs(toPence(t.amount));
    if (t.date < p.oldest) p.oldest = t.date;
    byCustomer.set(t.customerId, p);
  }
  const ranked: RankedCustomer[] = [];
  for (const c of customers) {
    const p = byCustomer.get(c._id);
    // The mandate is the direct-debit provider's (spec 002 section 3).
    const meta = provider === 'direct-debit' ? c.paymentProviderMetaData : undefined;
    const mandatePending = meta?.status === 'pending';
    if (!p && !mandatePending) continue;
    const input = {
      provider,
      pendingCount: p?.count ?? 0,
      pendingAmount: fromPence(p?.pence ?? 0),
      oldestPendingDays: p ? daysSince(p.oldest, now) : 0,
      mandatePending,
      secondSignatureRequired: meta?.secondSignatureRequired === true,
    };
    const risk = assessRisk(input);
    if (risk.riskLevel === 'Low' && !options.showLowRiskCustomers) continue;
    ranked.push({ customerId: c._id, name: c.name, ...input, ...risk });
  }
  return ranked.sort((a, b) => b.riskScore - a.riskScore || a.name.localeCompare(b.name));
}
