import type { Customer, UtmParams } from './schema.ts';

export const UTM_KEYS = [
  'utm_id',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;

/** The UTM parameters among a link's query values (blank ones dropped, each cut to its limit). */
export function utmFromQuery(query: Record<string, string | undefined>): UtmParams {
  const out: UtmParams = {};
  for (const key of UTM_KEYS) {
    const value = query[key]?.trim();
    if (value) out[key] = value.slice(0, 200);
  }
  return out;
}

export const hasUtm = (p: UtmParams | undefined): p is UtmParams =>
  !!p && UTM_KEYS.some((k) => (p[k] ?? '') !== '');

/**
 * A new touch of the customer's marketing (a lead from the portal, a quote link opened from a
 * campaign): the first touch (`utmParams`, what the customer's UTM dialog edits) is kept once
 * set; the last touch (`utmLastTouch`) is always the newest. Returns the fields to write, or
 * undefined when `params` carries none (an untagged visit changes nothing).
 */
export function touchUtm(
  customer: Pick<Customer, 'utmParams' | 'utmLastTouch'> | undefined,
  params: UtmParams,
): Pick<Customer, 'utmParams' | 'utmLastTouch'> | undefined {
  if (!hasUtm(params)) return undefined;
  return {
    utmParams: customer && hasUtm(customer.utmParams) ? customer.utmParams : params,
    utmLastTouch: params,
  };
}
