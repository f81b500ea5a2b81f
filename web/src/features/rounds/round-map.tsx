import * as maplibregl from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface MapPoint {
  lngLat: [number, number];
  label: string;
}

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

function boundsOf(ps: [number, number][]): [[number, number], [number, number]] {
  let [w, s, e, n] = [180, 90, -180, -90];
  for (const [lng, lat] of ps) {
    w = Math.min(w, lng);
    e = Math.max(e, lng);
    s = Math.min(s, lat);
    n = Math.max(n, lat);
  }
  const pad = 0.002;
  return [
    [w - pad, s - pad],
    [e + pad, n + pad],
  ];
}

/** The same picture without WebGL: an equirectangular projection scaled to the box. */
function SvgMap({ points, color, origin }: { points: MapPoint[]; color: string; origin?: [number, number] }) {
  const { t } = useTranslation();
  const all = origin ? [...points.map((p) => p.lngLat), origin] : points.map((p) => p.lngLat);
  const [[w, s], [e, n]] = boundsOf(all);
  const k = Math.cos(((s + n) / 2) * (Math.PI / 180));
  const width = 400;
  const height = 200;
  const scale = Math.min(width / ((e - w) * k), height / (n - s));
  const xy = ([lng, lat]: [number, number]) =>
    [
      (width - (e - w) * k * scale) / 2 + (lng - w) * k * scale,
      (height - (n - s) * scale) / 2 + (n - lat) * scale,
    ] as const;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-full w-full rounded-lg border bg-[#e8eef5]"
      role="img"
      aria-label={t('rounds.map', { count: points.length })}
    >
      <polyline
        points={points.map((p) => xy(p.lngLat).join(',')).join(' ')}
        fill="none"
        stroke={color}
        strokeOpacity={0.6}
        strokeWidth={2}
      />
      {points.map((p, i) => {
        const [x, y] = xy(p.lngLat);
        return (
          <circle
            // biome-ignore lint/suspicious/noArrayIndexKey: a stop is its place in the route
            key={i}
            cx={x}
            cy={y}
            r={5}
            fill={color}
            stroke="#fff"
            strokeWidth={2}
          >
            <title>{p.label}</title>
          </circle>
        );
      })}
      {origin && (
        <rect x={xy(origin)[0] - 5} y={xy(origin)[1] - 5} width={10} height={10} fill="#0f172a">
          <title>{t('rounds.business-address')}</title>
        </rect>
      )}
    </svg>
  );
}
