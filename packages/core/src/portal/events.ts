/**
 * What the portal counts, by hour (`PortalCounters`): the page's views (counted by the server as
 * it sends the page) and these widget events (sent by the widgets script as a beacon). Names only:
 * no visitor, no cookie, no address.
 */
export const PORTAL_EVENTS = ['view', 'signed-in', 'address-checked', 'quote-requested', 'booked'] as const;
export type PortalEvent = (typeof PORTAL_EVENTS)[number];

export const isPortalEvent = (name: string): name is PortalEvent =>
  (PORTAL_EVENTS as readonly string[]).includes(name);

/** The counter an event raises: a widget's views are counted per widget. */
export const counterOf = (event: PortalEvent, widget?: string) =>
  event === 'view' && widget ? `view:${widget}` : event;

export const PAGE_VIEW = 'page-view';
