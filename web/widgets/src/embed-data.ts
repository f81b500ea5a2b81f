import { portalClient, type RouteAnswer } from './api.ts';

/**
 * What the loader reads about a portal: the published portal's public view, one request
 * (`GET /api/portal/{handle}`), or the copy the portal page writes into itself. With it, the
 * catalogue's facts about each widget (whether it runs in a frame, the auth state it needs, its
 * least height), written into the script at build time from `@roundwise/core`'s catalogue.
 */
export type PublicPortal = RouteAnswer<ReturnType<typeof portalClient>[':handle']['$get']>;
export type LayoutItem = PublicPortal['layout'][number];
export type AuthState = 'signed-in' | 'signed-out' | 'optional';
export type CatalogueEntry = { framed: boolean; auth: AuthState; minHeight: number };

declare const __WIDGET_CATALOGUE__: Record<string, CatalogueEntry>;
export const CATALOGUE: Record<string, CatalogueEntry> = __WIDGET_CATALOGUE__;

export const catalogueEntry = (name: string) =>
  Object.hasOwn(CATALOGUE, name) ? CATALOGUE[name] : undefined;

/** A widget's saved settings (the catalogue's defaults filled in by the server), or none. */
export const savedSettings = (data: PublicPortal, name: string): Record<string, unknown> =>
  (data.settings as Record<string, Record<string, unknown> | undefined>)[name] ?? {};

/** The page's own copy (the portal page inlines it), else one request to the portal's API. */
export async function fetchPortal(origin: string, handle: string): Promise<PublicPortal | undefined> {
  const inline = document.getElementById('roundwise-portal-data');
  if (inline?.textContent) return JSON.parse(inline.textContent) as PublicPortal;
  try {
    const response = await portalClient(origin)[':handle'].$get({ param: { handle } });
    return response.ok ? ((await response.json()) as PublicPortal) : undefined;
  } catch {
    return undefined;
  }
}
