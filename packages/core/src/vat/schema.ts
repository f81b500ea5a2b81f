import { z } from 'zod';
import { Id, IsoDate } from '../entity.ts';

/** The one VAT settings record of an account (its id is always `VAT_SETTINGS_ID`). */
export const VAT_SETTINGS_ID = 'vat';

/** How the business accounts for VAT: on invoices (standard), on money paid and received (cash), or a flat rate of turnover. */
export const VatScheme = z.enum(['standard', 'cash', 'flat-rate']);
export type VatScheme = z.infer<typeof VatScheme>;

/** A UK VAT registration number: nine digits (HMRC's `vrn`), spaces and a `GB` prefix dropped. */
export const Vrn = z
  .string()
  .trim()
  .transform((v) => v.replace(/\s+/g, '').replace(/^GB/i, ''))
  .pipe(z.string().regex(/^\d{9}$/, 'vat.vrn-invalid'));

export const VatSettingsFields = z
  .object({
    vrn: Vrn,
    scheme: VatScheme,
    /** The flat rate scheme's percentage of VAT-inclusive turnover (HMRC's sector rates, 4% to 16.5%). */
    flatRatePercent: z.number().min(0, 'vat.flat-rate-invalid').max(100, 'vat.flat-rate-invalid').optional(),
  })
  .refine((s) => s.scheme !== 'flat-rate' || s.flatRatePercent !== undefined, {
    message: 'vat.flat-rate-required',
    path: ['flatRatePercent'],
  });
export const VatSettings = z.object({
  _id: Id,
  vrn: z.string(),
  scheme: VatScheme,
  flatRatePercent: z.number().optional(),
});
export type VatSettings = z.infer<typeof VatSettings>;

/**
 * The nine boxes of a VAT return in HMRC's field names and units: boxes 1 to 5 in pounds and pence,
 * boxes 6 to 9 in whole pounds (HMRC's "VAT (MTD)" API, submit a return).
 */
const Pounds = z.number().min(-9_999_999_999_999.99).max(9_999_999_999_999.99);
const WholePounds = z.number().int('vat.box-whole-pounds').min(-9_999_999_999_999).max(9_999_999_999_999);
export const NineBoxes = z.object({
  vatDueSales: Pounds,
  vatDueAcquisitions: Pounds,
  totalVatDue: Pounds,
  vatReclaimedCurrPeriod: Pounds,
  netVatDue: z.number().min(0).max(99_999_999_999.99),
  totalValueSalesExVAT: WholePounds,
  totalValuePurchasesExVAT: WholePounds,
  totalValueGoodsSuppliedExVAT: WholePounds,
  totalAcquisitionsExVAT: WholePounds,
});
export type NineBoxes = z.infer<typeof NineBoxes>;

/** HMRC's period key: four characters (`18A1`, `#001`). */
export const PeriodKey = z.string().regex(/^[A-Za-z0-9#]{4}$/, 'vat.period-key-invalid');

/** One obligation as HMRC lists it: a period and whether its return is in (`F`) or open (`O`). */
export interface Obligation {
  periodKey: string;
  start: string;
  end: string;
  due: string;
  status: 'O' | 'F';
  received?: string;
}

/** What HMRC answered to a submitted return: its receipt, kept. */
export const Receipt = z.object({
  processingDate: z.string(),
  formBundleNumber: z.string(),
  receiptId: z.string().optional(),
  paymentIndicator: z.string().optional(),
  chargeRefNumber: z.string().optional(),
});
export type Receipt = z.infer<typeof Receipt>;

/**
 * A return sent (or being sent) to HMRC, one per period: `submitting` from the command until HMRC's
 * answer is known, then `submitted` with its receipt, or `failed` with HMRC's refusal (which a new
 * submission of the period may put right).
 */
export const VatReturn = z.object({
  _id: Id,
  periodKey: z.string(),
  start: IsoDate,
  end: IsoDate,
  boxes: NineBoxes,
  status: z.enum(['submitting', 'submitted', 'failed']),
  submittedAt: z.string(),
  submittedBy: z.string(),
  receipt: Receipt.optional(),
  /** Submitted, found at HMRC by a look-up after a send whose answer was lost: no receipt came. */
  found: z.boolean().optional(),
  /** HMRC's refusal code (`INVALID_VRN`...) when failed. */
  error: z.string().optional(),
  /** How many submissions this return has been through (a failed one sent again counts up). */
  attempt: z.number().int(),
});
export type VatReturn = z.infer<typeof VatReturn>;

/** A period key as an entity id: its characters as hex (a key may hold `#`). */
export const returnIdOf = (periodKey: string) =>
  `vr-${[...periodKey].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('')}`;
