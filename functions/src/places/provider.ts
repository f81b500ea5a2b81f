/**
 * Addresses, maps and road routes behind one adapter (docs/places.md). The screens talk only to
 * `/api/places/*`; which service answers is the server's choice: Amazon Location Service where
 * the stack defines it (aws-places.ts), else the local provider (local-places.ts: a gazetteer of
 * the seed's areas and straight-line routing scaled to a road estimate), as the payment
 * simulators stand in for the payment providers.
 */
export type LngLat = [number, number];

/** One suggestion for what the user typed; `id` is resolved to a place with `place(id)`. */
export interface PlaceSuggestion {
  id: string;
  text: string;
}

export interface Place {
  /** The address as the service writes it, one line per part. */
  address: string;
  lngLat: LngLat;
}

/** A drive through points in order, by road (`estimate`: scaled from straight lines). */
export interface RouteSummary {
  km: number;
  minutes: number;
  estimate: boolean;
}

/** Suggestions per keystroke: as many as a phone shows without scrolling. */
export const SUGGESTION_LIMIT = 6;

export interface PlacesProvider {
  /** Suggestions for `text` (an address, a street or a postcode, in part), nearest `near` first. */
  suggest(text: string, near?: LngLat): Promise<PlaceSuggestion[]>;
  /** The place a suggestion names; undefined for an id the provider does not know. */
  place(id: string): Promise<Place | undefined>;
  /** The drive through `points` in order (two or more). */
  route(points: readonly LngLat[]): Promise<RouteSummary>;
  /** The basemap: a MapLibre style URL (relative to the API's origin when local). */
  mapStyleUrl(): Promise<string>;
}
