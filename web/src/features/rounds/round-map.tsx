import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boundsOf, type MapPoint, SvgMap } from './svg-map';

maplibregl.setWorkerUrl(workerUrl);

/**
 * The round's jobs on a map (spec 000 section 2.5), loaded lazily (maplibre-gl is large). No tiles:
 * the app works with no network, so the style is a plain background with the route as a line and
 * the stops as numbered circles (a tile style URL could be configured later). Where WebGL is not
 * available it draws the same on an SVG.
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
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!box.current || points.length === 0) return;
    let map: maplibregl.Map | undefined;
    try {
      map = new maplibregl.Map({
        container: box.current,
        style: {
          version: 8,
          sources: {},
          layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e8eef5' } }],
        },
        attributionControl: false,
        bounds: boundsOf(points.map((p) => p.lngLat)),
        fitBoundsOptions: { padding: 32, maxZoom: 16 },
      });
    } catch {
      setFailed(true);
      return;
    }
    const m = map;
    m.on('error', () => undefined);
    m.on('load', () => {
      m.addSource('route', {
        type: 'geojson',
        data: {
          type: 'Feature',
          properties: {},
          geometry: { type: 'LineString', coordinates: points.map((p) => p.lngLat) },
        },
      });
      m.addLayer({
        id: 'route',
        type: 'line',
        source: 'route',
        paint: { 'line-color': color, 'line-width': 2, 'line-opacity': 0.6 },
      });
      m.addSource('stops', {
        type: 'geojson',
        data: {
          type: 'FeatureCollection',
          features: points.map((p, i) => ({
            type: 'Feature',
            properties: { n: i + 1, label: p.label },
            geometry: { type: 'Point', coordinates: p.lngLat },
          })),
        },
      });
      m.addLayer({
        id: 'stops',
        type: 'circle',
        source: 'stops',
        paint: {
          'circle-radius': 6,
          'circle-color': color,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      });
    });
    return () => m.remove();
  }, [points, color]);
  if (points.length === 0) {
    return (
      <div className="flex h-full items-center justify-center rounded-lg border bg-muted/40 text-sm text-muted-foreground">
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
