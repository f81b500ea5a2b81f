import { atLeast, type Entity, type Jobs, Quotes, Schedule } from '@roundwise/core';

/** One item as the form edits it (strings where the user types numbers). */
export interface ItemDraft {
  relatedId?: string;
  title: string;
  description: string;
  longDescription: string;
  quantity: string;
  unitPrice: string;
  frequencyType: Jobs.FrequencyType;
  frequencyInterval: string;
  roundId: string;
}

export interface QuoteDraft {
  customerId: string;
  name: string;
  address: string;
  /** The address's coordinates (the customer's, or found by the address search), while the text is unchanged. */
  lngLat?: [number, number];
  items: ItemDraft[];
  currency: string;
  date: string;
  expiry: string;
  /** Percent, as typed. */
  taxRate: string;
  priceIncludesTax: boolean;
  discountTotal: string;
  notes: string;
  state: Quotes.QuoteState;
  declineReason: string;
  /** UTM parameters (level 3 only, spec 000 section 5); blank ones are not stored. */
  utm: Record<string, string>;
  /** Attachment ids (level 3 only, spec 000 section 5), uploaded from the form. */
  attachments: string[];
}

export const UTM_KEYS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
] as const;

export const emptyItem = (): ItemDraft => ({
  title: '',
  description: '',
  longDescription: '',
  quantity: '1',
  unitPrice: '0',
  frequencyType: 'Weeks',
  frequencyInterval: '4',
  roundId: '',
});

/** "Every 4 weeks", "Every month", "One-off": the item's frequency as the customer reads it. */
export function describeFrequency(type: Jobs.FrequencyType, interval: number): string {
  if (type === 'OneOff') return 'One-off';
  const unit = type === 'Weeks' ? 'week' : 'month';
  return interval === 1 ? `Every ${unit}` : `Every ${interval} ${unit}s`;
}

/** A new quote's draft: today, expiring after the settings' default days, their default notes. */
export function newDraft(settings: Quotes.QuoteSettings, today: string, currency: string): QuoteDraft {
  return {
    customerId: '',
    name: '',
    address: '',
    items: [emptyItem()],
    currency,
    date: today,
    expiry: Schedule.addDays(today, settings.defaultExpiryDays),
    taxRate: '0',
    priceIncludesTax: true,
    discountTotal: '0',
    notes: settings.defaultNotes,
    state: 'pending',
    declineReason: '',
    utm: {},
    attachments: [],
  };
}

export function draftOf(q: Entity<Quotes.Quote>): QuoteDraft {
  return {
    customerId: q.customerId,
    name: q.name,
    address: q.address?.addressDescription ?? '',
    ...(q.address?.lngLat ? { lngLat: [...q.address.lngLat] as [number, number] } : {}),
    items: q.items.map((i) => ({
      relatedId: i.relatedId,
      title: i.title,
      description: i.description,
      longDescription: i.longDescription ?? '',
      quantity: String(i.quantity),
      unitPrice: String(i.unitPrice),
      frequencyType: i.frequency?.frequencyType ?? 'OneOff',
      frequencyInterval: String(i.frequency?.frequencyInterval ?? 1),
      roundId: i.initialFields?.rounds[0] ?? '',
    })),
    currency: q.currency,
    date: q.date,
    expiry: q.expiry,
    taxRate: String(Math.round(q.taxRate * 10000) / 100),
    priceIncludesTax: q.priceIncludesTax,
    discountTotal: String(q.discountTotal),
    notes: q.notes,
    state: q.state,
    declineReason: q.declineReason ?? '',
    utm: Object.fromEntries(Object.entries(q.utmParams ?? {}).map(([k, v]) => [k, v ?? ''])),
    attachments: q.attachments ?? [],
  };
}

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

/** The command input the draft stands for (the schema checks it; numbers typed badly stay NaN and are refused). */
export function inputOf(d: QuoteDraft) {
  const utm = Object.fromEntries(Object.entries(d.utm).filter(([, v]) => v.trim()));
  return {
    ...(Object.keys(utm).length ? { utmParams: utm } : {}),
    ...(d.attachments.length ? { attachments: d.attachments } : {}),
    customerId: d.customerId,
    name: d.name,
    ...(d.address.trim()
      ? {
          address: d.lngLat
            ? { addressDescription: d.address.trim(), lngLat: d.lngLat, isVerified: true }
            : { addressDescription: d.address.trim(), isVerified: false },
        }
      : {}),
    items: d.items.map((i) => {
      const interval = i.frequencyType === 'OneOff' ? 1 : num(i.frequencyInterval);
      return {
        ...(i.relatedId ? { relatedId: i.relatedId } : {}),
        type: 'job' as const,
        title: i.title,
        description: i.description,
        ...(i.longDescription.trim() ? { longDescription: i.longDescription } : {}),
        quantity: num(i.quantity),
        unitPrice: num(i.unitPrice),
        frequency: { frequencyType: i.frequencyType, frequencyInterval: interval },
        frequencyDescription: describeFrequency(i.frequencyType, interval),
        initialFields: { rounds: i.roundId ? [i.roundId] : [] },
      };
    }),
    currency: d.currency,
    date: d.date,
    expiry: d.expiry,
    taxRate: num(d.taxRate) / 100,
    priceIncludesTax: d.priceIncludesTax,
    discountTotal: num(d.discountTotal),
    notes: d.notes,
  };
}

/**
 * The form's check before saving (spec 000 section 5): the first problem's message key, or
 * `general.validation-failed`; undefined when the quote can be saved. The command checks the same.
 */
export function firstProblem(d: QuoteDraft, level: Parameters<typeof atLeast>[0]): string | undefined {
  if (d.items.length > 1 && !atLeast(level, 'Advanced')) return 'quote.upgrade-for-more-jobs';
  const parsed = Quotes.QuoteFields.safeParse(inputOf(d));
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.message ?? '';
    return /^[a-z-]+(\.[a-z0-9-]+)+$/.test(first) ? first : 'general.validation-failed';
  }
  if (parsed.data.expiry < parsed.data.date) return 'quote.expiry-before-date';
  const totals = Quotes.quoteTotals(parsed.data);
  if (parsed.data.discountTotal > totals.subtotal) return 'quote.discount-too-large';
  if (d.state === 'declined' && !d.declineReason.trim()) return 'quote.decline-reason-required';
  return undefined;
}
