import {
  CalculateRouteCommand,
  DescribeKeyCommand,
  GetPlaceCommand,
  LocationClient,
  SearchPlaceIndexForSuggestionsCommand,
} from '@aws-sdk/client-location';
import type { LngLat, PlacesProvider, RouteSummary } from './provider.ts';

/** CalculateRoute takes a start, an end and at most 23 waypoints between them. */
const MAX_POINTS = 25;

export interface AwsPlacesConfig {
  region: string;
  placeIndex: string;
  routeCalculator: string;
  mapName: string;
  /** The API key the browser loads the map's style and tiles with (stacks/places.ts). */
  mapKeyName: string;
}

/**
 * Amazon Location Service: the place index (UK addresses and postcodes, stored results allowed:
 * a customer keeps its coordinates), the route calculator (car, by road) and the map's style.
 * Resources defined in stacks/places.ts.
 */
export function awsPlaces(config: AwsPlacesConfig, client = new LocationClient({ region: config.region })) {
  // The key's value is public by design (every browser that shows the map gets it; it allows
  // only the map), read once per instance.
  let mapKey: Promise<string> | undefined;
  const readKey = () =>
    client.send(new DescribeKeyCommand({ KeyName: config.mapKeyName })).then((out) => out.Key ?? '');
  const provider: PlacesProvider = {
    async suggest(text, near) {
      const out = await client.send(
        new SearchPlaceIndexForSuggestionsCommand({
          IndexName: config.placeIndex,
          Text: text,
          MaxResults: 6,
          FilterCountries: ['GBR'],
          ...(near ? { BiasPosition: near } : {}),
        }),
      );
      return (out.Results ?? []).flatMap((r) => (r.PlaceId ? [{ id: r.PlaceId, text: r.Text ?? '' }] : []));
    },
    async place(id) {
      const out = await client
        .send(new GetPlaceCommand({ IndexName: config.placeIndex, PlaceId: id }))
        .catch((e: Error) => {
          if (e.name === 'ResourceNotFoundException' || e.name === 'ValidationException') return undefined;
          throw e;
        });
      const point = out?.Place?.Geometry?.Point;
      if (!out?.Place || !point) return undefined;
      // "4 Tenison Road, Cambridge, CB1 2DG, GBR": one part a line, without the country.
      const address = (out.Place.Label ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p && p !== 'GBR')
        .join('\n');
      return { address, lngLat: [point[0], point[1]] as LngLat };
    },
    async route(points) {
      const total: RouteSummary = { km: 0, minutes: 0, estimate: false };
      // Legs of up to 25 points, each starting where the last ended.
      for (let start = 0; start < points.length - 1; start += MAX_POINTS - 1) {
        const leg = points.slice(start, start + MAX_POINTS);
        const out = await client.send(
          new CalculateRouteCommand({
            CalculatorName: config.routeCalculator,
            DeparturePosition: [...(leg[0] as LngLat)],
            DestinationPosition: [...(leg[leg.length - 1] as LngLat)],
            WaypointPositions: leg.slice(1, -1).map((p) => [...p]),
            TravelMode: 'Car',
            DistanceUnit: 'Kilometers',
          }),
        );
        total.km += out.Summary?.Distance ?? 0;
        total.minutes += (out.Summary?.DurationSeconds ?? 0) / 60;
      }
      return total;
    },
    async mapStyleUrl() {
      mapKey ??= readKey().catch((e: Error) => {
        mapKey = undefined;
        throw e;
      });
      const key = await mapKey;
      return `https://maps.geo.${config.region}.amazonaws.com/maps/v0/maps/${encodeURIComponent(config.mapName)}/style-descriptor?key=${encodeURIComponent(key)}`;
    },
  };
  return provider;
}
