import './strings.ts';
import 'maplibre-gl/dist/maplibre-gl.css';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { basemapStyle } from '../../lib/places';

/**
 * The map behind the location picker, loaded only when the picker opens (maplibre is ~250 KB
 * gzipped). The basemap has streets (lib/places.ts: the places provider's style; a plain
 * background offline); the account's other customers are drawn as dots so the user can see where
 * their round is, and a click or tap sets the point. DESIGN.md snag: maplibre 6 needs the
 * worker's URL.
 */
maplibregl.setWorkerUrl(workerUrl);

export type LngLat = [number, number];

export default function MapPicker({
  value,
  context,
  onPick,
}: {
  value: LngLat | undefined;
  /** Other known locations (the account's customers), drawn faintly for orientation. */
  context: readonly LngLat[];
  onPick: (lngLat: LngLat) => void;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | null>(null);
  const marker = useRef<maplibregl.Marker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const [failed, setFailed] = useState(false);
  const initial = useRef({ value, context });
  // The value when the style arrives (the map opens after it).
  const valueRef = useRef(value);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one map per mount; open reads refs
  useEffect(() => {
    let m: maplibregl.Map | undefined;
    let closed = false;
    void basemapStyle().then((style) => {
      if (!closed) m = open(style);
    });
    return () => {
      closed = true;
      m?.remove();
      map.current = null;
      marker.current = null;
    };
  }, []);

  function open(style: string | maplibregl.StyleSpecification) {
    if (!container.current) return;
    const { value: start, context: dots } = initial.current;
    const centre = start ?? centreOf(dots) ?? ([-1.5, 53] as LngLat);
    let m: maplibregl.Map;
    try {
      m = new maplibregl.Map({
        container: container.current,
        style,
        center: centre,
        zoom: start ? 14 : dots.length ? 11 : 5,
        attributionControl: false,
      });
    } catch {
      // No WebGL (old device, some headless browsers): typing coordinates still works.
      setFailed(true);
      return undefined;
    }
    map.current = m;
    m.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    m.on('load', () => {
      m.addSource('customers', {
        type: 'geojson',
        data: {
          type: 'FeatureCollection',
          features: dots.map((c) => ({
            type: 'Feature',
            properties: {},
            geometry: { type: 'Point', coordinates: c },
          })),
        },
      });
      m.addLayer({
        id: 'customers',
        type: 'circle',
        source: 'customers',
        paint: { 'circle-radius': 4, 'circle-color': '#64748b', 'circle-opacity': 0.6 },
      });
    });
    m.on('click', (e) => pick.current([round6(e.lngLat.lng), round6(e.lngLat.lat)]));
    if (valueRef.current) placeMarker(m, valueRef.current);
    return m;
  }

  function placeMarker(m: maplibregl.Map, at: LngLat | undefined) {
    if (!at) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    if (!marker.current) {
      marker.current = new maplibregl.Marker({ color: '#4f46e5', draggable: true }).setLngLat(at).addTo(m);
      marker.current.on('dragend', () => {
        const p = marker.current?.getLngLat();
        if (p) pick.current([round6(p.lng), round6(p.lat)]);
      });
    } else marker.current.setLngLat(at);
  }

  // The marker follows the value, whether it came from a click, a search or typed coordinates.
  // biome-ignore lint/correctness/useExhaustiveDependencies: placeMarker reads refs only
  useEffect(() => {
    valueRef.current = value;
    if (map.current) placeMarker(map.current, value);
  }, [value]);

  if (failed)
    return (
      <p className="flex h-64 items-center justify-center rounded-md border bg-muted p-4 text-center text-sm text-muted-foreground">
        {t('customers.map-unavailable')}
      </p>
    );
  return (
    <div
      ref={container}
      data-testid="map-picker"
      className="h-64 w-full overflow-hidden rounded-md border desktop:h-80"
    />
  );
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function centreOf(points: readonly LngLat[]): LngLat | undefined {
  if (points.length === 0) return undefined;
  let lng = 0;
  let lat = 0;
  for (const [x, y] of points) {
    lng += x;
    lat += y;
  }
  return [lng / points.length, lat / points.length];
}
