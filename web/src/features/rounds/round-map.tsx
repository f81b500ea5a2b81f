import './strings.ts';
import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { basemapStyle } from '../../lib/places';
import { boundsOf, type MapPoint, SvgMap } from './svg-map';

maplibregl.setWorkerUrl(workerUrl);

/**
 * The round's jobs on a map (spec 000 section 2.5), loaded lazily (maplibre-gl is large), over the
 * places provider's streets (lib/places.ts; a plain background offline), with the route as a line
 * and the stops as numbered circles. Where WebGL is not available it draws the same on an SVG.
 */
export default function RoundMap({
  points,
  color,
  origin,
}: {
  points: MapPoint[];
  color: string;
  origin?: [number, number];
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | undefined>(undefined);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const hasPoints = points.length > 0;
  // One map per dialog; the data below changes without re-creating it (a reorder redraws the line).
  // biome-ignore lint/correctness/useExhaustiveDependencies: one map per mount; open reads refs
  useEffect(() => {
    if (!hasPoints) return;
    let m: maplibregl.Map | undefined;
    let closed = false;
    void basemapStyle().then((style) => {
      if (!closed) m = open(style);
    });
    return () => {
      closed = true;
      map.current = undefined;
      setLoaded(false);
      m?.remove();
    };
  }, [hasPoints]);

  function open(style: string | maplibregl.StyleSpecification) {
    if (!box.current) return undefined;
    let m: maplibregl.Map;
    try {
      m = new maplibregl.Map({ container: box.current, style, attributionControl: false });
    } catch {
      setFailed(true);
      return undefined;
    }
    map.current = m;
    m.on('error', () => undefined);
    m.on('load', () => {
      m.addSource('route', { type: 'geojson', data: emptyCollection });
      m.addSource('stops', { type: 'geojson', data: emptyCollection });
      m.addLayer({
        id: 'route',
        type: 'line',
        source: 'route',
        paint: { 'line-width': 2, 'line-opacity': 0.6 },
      });
      m.addLayer({
        id: 'stops',
        type: 'circle',
        source: 'stops',
        paint: { 'circle-radius': 6, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
      });
      setLoaded(true);
    });
    return m;
  }
  const bounds = JSON.stringify(boundsOf(points.map((p) => p.lngLat)));
  useEffect(() => {
    const m = map.current;
    if (!m || !loaded || points.length === 0) return;
    (m.getSource('route') as maplibregl.GeoJSONSource).setData({
      type: 'Feature',
      properties: {},
      geometry: { type: 'LineString', coordinates: points.map((p) => p.lngLat) },
    });
    (m.getSource('stops') as maplibregl.GeoJSONSource).setData({
      type: 'FeatureCollection',
      features: points.map((p, i) => ({
        type: 'Feature',
        properties: { n: i + 1, label: p.label },
        geometry: { type: 'Point', coordinates: p.lngLat },
      })),
    });
    m.setPaintProperty('route', 'line-color', color);
    m.setPaintProperty('stops', 'circle-color', color);
  }, [points, color, loaded]);
  // Fit the view only when the set of places changes, not on a reorder.
  useEffect(() => {
    const m = map.current;
    if (!m || !loaded) return;
    m.fitBounds(JSON.parse(bounds), { padding: 32, maxZoom: 16, duration: 0 });
  }, [bounds, loaded]);
  if (points.length === 0) {
    return (
      <div className="flex h-full items-center justify-center rounded-lg border bg-muted/40 p-4 text-center text-sm text-muted-foreground">
        {t('rounds.map-no-locations')}
      </div>
    );
  }
  if (failed) return <SvgMap points={points} color={color} origin={origin} />;
  return (
    <div
      ref={box}
      className="h-full w-full overflow-hidden rounded-lg border"
      role="img"
      aria-label={t('rounds.map', { count: points.length })}
    />
  );
}

const emptyCollection = { type: 'FeatureCollection' as const, features: [] };
