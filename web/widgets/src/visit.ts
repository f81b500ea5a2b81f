import type { PortalCall, RouteAnswer } from './api.ts';

/** A visit as the portal's API shows it to the customer (`functions/src/portal/customer-reads.ts`). */
export type Visit = RouteAnswer<PortalCall['api']['me']['visits']['today']['$get']>['visits'][number];

/** The framed widgets' list: one row a line, its parts spaced, no bullets (px, never rem). */
export const LIST_CSS =
  '.list{list-style:none;margin:0;padding:0}.list li{display:flex;gap:8px;justify-content:space-between;align-items:baseline;flex-wrap:wrap;padding:8px 0;border-bottom:1px solid var(--rw-divider,#e5e7eb)}.list li:last-child{border-bottom:0}';
