import { type LngLat, mulberry32 } from './optimise.ts';

/** Fixed route-optimising instances for the tests and `scripts/bench/rounds.ts` (not used at run time). */
export const INSTANCE_ORIGIN: LngLat = [0.1218, 52.2053];

/** `count` instances of `size` stops scattered within a few km of the origin; fixed by `seed`. */
export function routeInstances(count: number, size: number, seed = 2026): LngLat[][] {
  const rng = mulberry32(seed);
  return Array.from({ length: count }, () =>
    Array.from(
      { length: size },
      () => [INSTANCE_ORIGIN[0] + (rng() - 0.5) * 0.12, INSTANCE_ORIGIN[1] + (rng() - 0.5) * 0.08] as LngLat,
    ),
  );
}
