import { describe, expect, it } from 'vitest';
import { INSTANCE_ORIGIN, routeInstances } from './instances.ts';
import { exhaustiveRoute, haversineKm, type LngLat, optimiseRoute, tourKm } from './optimise.ts';

const ORIGIN = INSTANCE_ORIGIN;
const smallInstances = (count: number, size: number) => routeInstances(count, size);

describe('route optimising', () => {
  it('measures straight-line distance in km (Cambridge to London is about 80 km)', () => {
    expect(haversineKm([0.1218, 52.2053], [-0.1276, 51.5072])).toBeGreaterThan(78);
    expect(haversineKm([0.1218, 52.2053], [-0.1276, 51.5072])).toBeLessThan(82);
  });

  it('finds the best tour of every fixed small instance (within 5% of exhaustive search; in fact equal)', () => {
    for (const stops of smallInstances(25, 9)) {
      const best = exhaustiveRoute(ORIGIN, stops);
      const found = optimiseRoute(ORIGIN, stops);
      expect(found.afterKm).toBeLessThanOrEqual(best.km * 1.05);
      expect(found.afterKm).toBeCloseTo(best.km, 9);
    }
  });

  it('returns every stop once, and after is the length of the order it returns', () => {
    const [stops] = smallInstances(1, 40) as [LngLat[]];
    const r = optimiseRoute(ORIGIN, stops);
    expect([...r.order].sort((a, b) => a - b)).toEqual(stops.map((_, i) => i));
    expect(r.afterKm).toBeCloseTo(tourKm(ORIGIN, stops, r.order), 9);
    expect(r.beforeKm).toBeCloseTo(
      tourKm(
        ORIGIN,
        stops,
        stops.map((_, i) => i),
      ),
      9,
    );
    expect(r.afterKm).toBeLessThan(r.beforeKm);
  });

  it('keeps an order that is already the best, and is the same on every run (browser and server agree)', () => {
    const [stops] = smallInstances(1, 30) as [LngLat[]];
    const first = optimiseRoute(ORIGIN, stops);
    expect(optimiseRoute(ORIGIN, stops)).toEqual(first);
    const again = optimiseRoute(ORIGIN, stops, first.order);
    expect(again.afterKm).toBeCloseTo(first.afterKm, 9);
    expect(again.afterKm).toBeLessThanOrEqual(again.beforeKm);
  });

  it('untangles a crossing: a square visited corner to corner becomes its perimeter', () => {
    const stops: LngLat[] = [
      [0.13, 52.21],
      [0.14, 52.22],
      [0.14, 52.21],
      [0.13, 52.22],
    ];
    const r = optimiseRoute([0.12, 52.205], stops);
    expect(r.afterKm).toBeLessThan(r.beforeKm);
    expect(r.afterKm).toBeCloseTo(exhaustiveRoute([0.12, 52.205], stops).km, 9);
  });

  it('handles no, one and two stops', () => {
    expect(optimiseRoute(ORIGIN, []).order).toEqual([]);
    expect(optimiseRoute(ORIGIN, [[0.13, 52.2]]).order).toEqual([0]);
    expect(
      optimiseRoute(ORIGIN, [
        [0.13, 52.2],
        [0.14, 52.2],
      ]).order,
    ).toHaveLength(2);
  });
});
