import { Rounds } from '@roundwise/core';
import { addressOf, houseAt, STREETS, type Street } from './gazetteer.ts';
import { type LngLat, type PlaceSuggestion, type PlacesProvider, SUGGESTION_LIMIT } from './provider.ts';

/**
 * Roads wind: a drive is longer than the straight line between its ends. 1.3 is the usual
 * circuity of British town and village roads (studies put it between 1.2 and 1.4); 24 km/h is a
 * van's average between doors in town, stops at junctions included. Both documented in
 * docs/places.md; the Amazon provider answers with the real road network.
 */
export const ROAD_FACTOR = 1.3;
export const ROAD_KMH = 24;

/** The basemap's style, served by the API from the gazetteer (api/places.ts). */
export const LOCAL_STYLE_PATH = '/api/places/map/style.json';

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const POSTCODE = /^[a-z]{1,2}\d[a-z\d]?( ?\d[a-z]{0,2})?$/;

/** Each street's words and postcode, made once. */
const INDEX = STREETS.map((street, i) => ({
  i,
  street,
  words: norm(`${street.name} ${street.area} ${street.town}`).split(' '),
  postcode: street.postcode.toLowerCase().replace(' ', ''),
}));

const line = (street: Street, house?: string) => addressOf(street, house).split('\n').join(', ');

/** Suggestions from the gazetteer: a postcode (or its start), or an optional house number and words. */
export function suggestLocal(text: string, near?: LngLat): PlaceSuggestion[] {
  const q = norm(text);
  if (q.length < 2) return [];
  let house: string | undefined;
  let matches: typeof INDEX;
  if (POSTCODE.test(q)) {
    const code = q.replace(' ', '');
    matches = INDEX.filter((s) => s.postcode.startsWith(code));
  } else {
    const numbered = /^(\d{1,4}[a-z]?) (.+)$/.exec(q);
    house = numbered?.[1];
    const tokens = (numbered?.[2] ?? q).split(' ');
    matches = INDEX.filter((s) => tokens.every((t) => s.words.some((w) => w.startsWith(t))));
  }
  if (near) {
    const from = near;
    const far = (s: Street) => Rounds.haversineKm(from, s.line[0]);
    matches = [...matches].sort((a, b) => far(a.street) - far(b.street));
  }
  return matches.slice(0, SUGGESTION_LIMIT).map((s) => ({
    id: `g.${s.i}${house ? `.${house}` : ''}`,
    text: line(s.street, house),
  }));
}

/** The local provider: the gazetteer, and straight lines scaled to a road estimate. */
export const localPlaces: PlacesProvider = {
  async suggest(text, near) {
    return suggestLocal(text, near);
  },
  async place(id) {
    const m = /^g\.(\d+)(?:\.(\d{1,4}[a-z]?))?$/.exec(id);
    const street = m ? STREETS[Number(m[1])] : undefined;
    if (!m || !street) return undefined;
    const house = m[2];
    const lngLat = house ? houseAt(street, Number.parseInt(house, 10)) : houseAt(street, 60);
    return { address: addressOf(street, house), lngLat };
  },
  async route(points) {
    let straight = 0;
    for (let i = 1; i < points.length; i++)
      straight += Rounds.haversineKm(points[i - 1] as LngLat, points[i] as LngLat);
    const km = straight * ROAD_FACTOR;
    return { km, minutes: (km / ROAD_KMH) * 60, estimate: true };
  },
  mapStyleUrl: async () => LOCAL_STYLE_PATH,
};

/** The basemap drawn from the gazetteer: land, main roads and streets (no labels: no glyph server). */
export function localMapStyle() {
  return {
    version: 8,
    name: 'Roundwise local streets',
    sources: {
      streets: {
        type: 'geojson',
        data: {
          type: 'FeatureCollection',
          features: STREETS.map((s) => ({
            type: 'Feature',
            properties: { name: s.name, major: s.major },
            geometry: { type: 'LineString', coordinates: s.line },
          })),
        },
      },
    },
    layers: [
      { id: 'land', type: 'background', paint: { 'background-color': '#eef2ea' } },
      {
        id: 'streets-casing',
        type: 'line',
        source: 'streets',
        layout: { 'line-cap': 'round' },
        paint: {
          'line-color': '#c9cfc4',
          'line-width': ['interpolate', ['linear'], ['zoom'], 10, 1.5, 16, 12],
        },
      },
      {
        id: 'streets',
        type: 'line',
        source: 'streets',
        layout: { 'line-cap': 'round' },
        paint: {
          'line-color': ['case', ['get', 'major'], '#fde68a', '#ffffff'],
          'line-width': ['interpolate', ['linear'], ['zoom'], 10, 1, 16, 9],
        },
      },
    ],
  };
}
