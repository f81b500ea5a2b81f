import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Route as RouteIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatKm } from '../../lib/format';
import { type LngLat, routeThrough } from '../../lib/places';
import type { RoundRow } from './job-list';

/**
 * The round's drive by road, from the business address round every located job in planned order
 * and back (the places adapter: Amazon Location's routes, or the local estimate), and the jobs
 * that have no location, named, since the route and the optimiser cannot place them.
 */
export function RoadTotals({ rows, origin }: { rows: RoundRow[]; origin: LngLat | undefined }) {
  const { t } = useTranslation();
  const stops = rows.flatMap((r) => (r.job.location?.lngLat ? [r.job.location.lngLat as LngLat] : []));
  const unlocated = rows.filter((r) => !r.job.location?.lngLat);
  const points = origin && stops.length ? [origin, ...stops, origin] : [];
  const route = useQuery({
    queryKey: ['places', 'route', points],
    queryFn: () => routeThrough(points),
    enabled: points.length > 1,
    staleTime: 10 * 60_000,
    retry: false,
  });
  return (
    <>
      {points.length > 1 && (
        <p className="flex items-center gap-1.5 text-sm" data-testid="round-road-totals">
          <RouteIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          {route.data
            ? t(route.data.estimate ? 'places.round-by-road-estimate' : 'places.round-by-road', {
                km: formatKm(route.data.km),
                minutes: Math.round(route.data.minutes),
                stops: stops.length,
              })
            : route.isError
              ? t('places.round-by-road-unavailable')
              : t('places.round-by-road-loading')}
        </p>
      )}
      {unlocated.length > 0 && (
        <div
          data-testid="round-unlocated"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="flex items-center gap-1.5 font-medium">
            <AlertTriangle className="size-4 shrink-0" aria-hidden />
            {t('places.unlocated-jobs', { count: unlocated.length })}
          </p>
          <ul className="mt-1 list-disc pl-6">
            {unlocated.map((r) => (
              <li key={r.job._id}>
                {r.customer?.name ?? t('places.unknown-customer')}
                {r.job.location?.addressDescription
                  ? ` (${r.job.location.addressDescription.split('\n').join(', ')})`
                  : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
