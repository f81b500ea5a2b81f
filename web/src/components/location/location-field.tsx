import './strings.ts';
import type { Customers } from '@roundwise/core';
import { Map as MapIcon, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEntityList } from '../../lib/sync/hooks';
import { inputClass, secondaryButtonClass } from '../form';
import type { LngLat } from './map-picker';

const MapPicker = lazy(() => import('./map-picker'));

/**
 * Coordinates of an address, typed (latitude, longitude) or picked on a map that loads only when
 * the user opens it. Either way the location counts as verified: a person placed it. Typed text
 * that is not a position shows an error and is not passed on; `onValidity` tells the form, which
 * must not save until it is put right (a save would quietly keep the previous position).
 * Used by the customer form, the account's business address and a round's location.
 */
export function CoordinatesField({
  value,
  onChange,
  onValidity,
}: {
  value: LngLat | undefined;
  onChange: (value: LngLat | undefined) => void;
  onValidity?: (valid: boolean) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [lat, setLat] = useState(value ? String(value[1]) : '');
  const [lng, setLng] = useState(value ? String(value[0]) : '');
  // A pick on the map rewrites the typed text.
  useEffect(() => {
    setLat(value ? String(value[1]) : '');
    setLng(value ? String(value[0]) : '');
  }, [value]);
  const typed = (nextLat: string, nextLng: string) => {
    setLat(nextLat);
    setLng(nextLng);
    const y = Number(nextLat);
    const x = Number(nextLng);
    if (nextLat.trim() && nextLng.trim() && Math.abs(y) <= 90 && Math.abs(x) <= 180 && !Number.isNaN(x + y))
      onChange([x, y]);
  };
  const invalid =
    (lat.trim() !== '' || lng.trim() !== '') &&
    !(Math.abs(Number(lat)) <= 90 && Math.abs(Number(lng)) <= 180 && lat.trim() && lng.trim());
  useEffect(() => onValidity?.(!invalid), [invalid, onValidity]);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-28 flex-1 flex-col gap-1.5 text-sm">
          <span className="font-medium">{t('customers.latitude')}</span>
          <input
            className={inputClass}
            inputMode="decimal"
            value={lat}
            aria-invalid={invalid || undefined}
            onChange={(e) => typed(e.target.value, lng)}
            placeholder="52.2053"
          />
        </label>
        <label className="flex min-w-28 flex-1 flex-col gap-1.5 text-sm">
          <span className="font-medium">{t('customers.longitude')}</span>
          <input
            className={inputClass}
            inputMode="decimal"
            value={lng}
            aria-invalid={invalid || undefined}
            onChange={(e) => typed(lat, e.target.value)}
            placeholder="0.1218"
          />
        </label>
        <div className="flex gap-2">
          <button type="button" className={secondaryButtonClass} onClick={() => setOpen((o) => !o)}>
            <MapIcon className="size-4" aria-hidden />
            {open ? t('customers.hide-map') : t('customers.pick-on-map')}
          </button>
          {value && (
            <button
              type="button"
              className={secondaryButtonClass}
              aria-label={t('customers.clear-location')}
              onClick={() => onChange(undefined)}
            >
              <X className="size-4" aria-hidden />
            </button>
          )}
        </div>
      </div>
      {invalid && (
        <span role="alert" className="text-xs text-destructive">
          {t('customers.coordinates-invalid')}
        </span>
      )}
      {open && (
        <Suspense
          fallback={<div className="h-64 animate-pulse rounded-md border bg-muted desktop:h-80" aria-busy />}
        >
          <MapWithContext value={value} onPick={onChange} />
          <p className="text-xs text-muted-foreground">{t('customers.map-hint')}</p>
        </Suspense>
      )}
    </div>
  );
}

function MapWithContext({ value, onPick }: { value: LngLat | undefined; onPick: (v: LngLat) => void }) {
  const customers = useEntityList<Customers.Customer>('customer');
  const context = useMemo(
    () => customers.flatMap((c) => (c.address?.lngLat ? [c.address.lngLat as LngLat] : [])),
    [customers],
  );
  return <MapPicker value={value} context={context} onPick={onPick} />;
}
