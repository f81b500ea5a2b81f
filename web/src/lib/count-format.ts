/** Interpolated values that are counts of things: shown with en-GB grouping ("1,834 customers"). */
const COUNTS = new Set([
  'count',
  'total',
  'done',
  'days',
  'sent',
  'remaining',
  'visits',
  'available',
  'needed',
  'n',
  'emails',
  'segments',
  'credits',
  'minutes',
]);
const grouped = new Intl.NumberFormat('en-GB');

/**
 * The catalogue has no format hints, so one formatter sees every value (`alwaysFormat`) and groups
 * the counts; other numbers (quote and invoice numbers, years, ids) are left as they are.
 */
export const countFormatter = {
  type: 'formatter' as const,
  init: () => {},
  add: () => {},
  addCached: () => {},
  format: (
    value: unknown,
    _format: string | undefined,
    _lng: string | undefined,
    options?: { interpolationkey?: string },
  ) =>
    typeof value === 'number' && COUNTS.has(options?.interpolationkey ?? '') ? grouped.format(value) : value,
};
