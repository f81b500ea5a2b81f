import './strings.ts';
import { useTranslation } from 'react-i18next';

export interface MapPoint {
  lngLat: [number, number];
  label: string;
}

export function boundsOf(ps: [number, number][]): [[number, number], [number, number]] {
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
export function SvgMap({
  points,
  color,
  origin,
}: {
  points: MapPoint[];
  color: string;
  origin?: [number, number];
}) {
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

/** The fallback as the lazy map's default export (offline with the maplibre chunk never loaded). */
export default function SvgRoundMap(props: { points: MapPoint[]; color: string; origin?: [number, number] }) {
  const { t } = useTranslation();
  if (props.points.length === 0) {
    return (
      <div className="flex h-full items-center justify-center rounded-lg border bg-muted/40 p-4 text-center text-sm text-muted-foreground">
        {t('rounds.map-no-locations')}
      </div>
    );
  }
  return <SvgMap {...props} />;
}
