import type { StyleSpecification } from 'maplibre-gl';
import { answer, api } from './http';

/**
 * Addresses, road routes and the basemap through the API's places adapter (docs/places.md): the
 * local gazetteer under `npm start` and the tests, Amazon Location on AWS. Shared by the address
 * search (components/location), the rounds' totals and the maps.
 */
export type LngLat = [number, number];

export const suggestPlaces = (text: string, near?: LngLat) =>
  answer(
    api.places.suggest.$get({
      query: { text, ...(near ? { lng: String(near[0]), lat: String(near[1]) } : {}) },
    }),
  ).then((r) => r.suggestions);

export const getPlace = (id: string) => answer(api.places.place.$get({ query: { id } }));

export const routeThrough = (points: readonly LngLat[]) =>
  answer(api.places.route.$post({ json: { points: [...points] } }));

/** The answers' shapes, as the server's places routes declare them (no second copy here). */
export type PlaceSuggestion = Awaited<ReturnType<typeof suggestPlaces>>[number];
export type Place = Awaited<ReturnType<typeof getPlace>>;
export type RouteSummary = Awaited<ReturnType<typeof routeThrough>>;

const BLANK_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#eef2f0' } }],
};

/** A deployment's own vector style, where one is configured, wins over the provider's. */
const configuredStyle = (import.meta as unknown as { env?: Record<string, string | undefined> }).env
  ?.VITE_MAP_STYLE_URL;

let style: Promise<string | StyleSpecification> | undefined;

/**
 * The basemap's style: the provider's streets, asked once per page load. Offline (or refused) it
 * is a plain background, and the next map asks again.
 */
export function basemapStyle(): Promise<string | StyleSpecification> {
  if (configuredStyle) return Promise.resolve(configuredStyle);
  style ??= answer(api.places.map.$get())
    .then((r) => new URL(r.styleUrl, window.location.href).href)
    .catch(() => {
      style = undefined;
      return BLANK_STYLE;
    });
  return style;
}
