import { toPence } from './ledger.ts';

/**
 * The pending-payment risk score of spec 002 section 9, exactly:
 * - 30 per pending transaction, plus pending amount divided by 10, plus 25 if a mandate is pending;
 * - direct-debit provider: plus 5 per day of oldest pending age, or 10 per day if older than 11 days;
 * - card provider: plus 5 per day, or 100 per day if older than 1 day;
 * - a required second signature sets the score to 10000;
 * - levels: below 50 Low, below 100 Medium, below 200 High, otherwise Critical;
 * - factor notes when the oldest pending age exceeds 11 days and when the pending amount exceeds 100.
 * Ages are whole days (a payment pending since yesterday is 1 day old).
 */
export type ProviderKind = 'direct-debit' | 'card';
export type RiskLevel = 'Low' | 'Medium' | 'High' | 'Critical';

export interface RiskInput {
  provider: ProviderKind;
  /** How many of the customer's transactions with this provider are pending. */
  pendingCount: number;
  /** Their amount, as a positive figure. */
  pendingAmount: number;
  /** Whole days since the oldest pending one. */
  oldestPendingDays: number;
  mandatePending: boolean;
  secondSignatureRequired: boolean;
}

/** Why the score is high: message keys of the two factor notes (texts in the web catalogue). */
export type RiskFactor = 'pending.factor-old' | 'pending.factor-large';

export interface RiskResult {
  riskScore: number;
  riskLevel: RiskLevel;
  contributingFactors: RiskFactor[];
}

export const SECOND_SIGNATURE_SCORE = 10_000;
const OLD_DAYS = 11;
const LARGE_AMOUNT = 100;

export function riskScore(input: RiskInput): number {
  if (input.secondSignatureRequired) return SECOND_SIGNATURE_SCORE;
  const days = input.oldestPendingDays;
  let score = 30 * input.pendingCount + toPence(input.pendingAmount) / 1000;
  if (input.mandatePending) score += 25;
  if (input.provider === 'direct-debit') score += days > OLD_DAYS ? 10 * days : 5 * days;
  else score += days > 1 ? 100 * days : 5 * days;
  return score;
}

export function riskLevel(score: number): RiskLevel {
  if (score < 50) return 'Low';
  if (score < 100) return 'Medium';
  if (score < 200) return 'High';
  return 'Critical';
}

export function assessRisk(input: RiskInput): RiskResult {
  const score = riskScore(input);
  const contributingFactors: RiskFactor[] = [];
  if (input.oldestPendingDays > OLD_DAYS) contributingFactors.push('pending.factor-old');
  if (input.pendingAmount > LARGE_AMOUNT) contributingFactors.push('pending.factor-large');
  return { riskScore: score, riskLevel: riskLevel(score), contributingFactors };
}
