import { Rounds } from '@roundwise/core';
import { describe, expect, it } from 'vitest';
import { localPlaces, ROAD_FACTOR, ROAD_KMH, suggestLocal } from './local-places.ts';

describe('the local places provider', () => {
  it('finds a street by the start of its postcode, and a house by number and words', async () => {
    expect(suggestLocal('cb1 2d').map((s) => s.text)).toContain(
      'Tenison Road, Petersfield, Cambridge, CB1 2DG',
    );
    const [house] = suggestLocal('4 tenison r');
    expect(house?.text).toBe('4 Tenison Road, Petersfield, Cambridge, CB1 2DG');
    const place = await localPlaces.place(house?.id ?? '');
    expect(place).toEqual({
      address: '4 Tenison Road\nPetersfield\nCambridge\nCB1 2DG',
      lngLat: [expect.closeTo(0.1352, 3), expect.closeTo(52.2003, 3)],
    });
  });

  it('suggests at most six, nearest first, and nothing for one letter or an unknown id', async () => {
    expect(suggestLocal('h')).toEqual([]);
    const near = suggestLocal('high street', [0.105, 52.252]);
    expect(near.length).toBeLessThanOrEqual(6);
    expect(near[0]?.text).toMatch(/Histon|Impington|Girton/);
    expect(await localPlaces.place('g.99999')).toBeUndefined();
  });

  it('estimates a drive as the straight lines times the road factor, at town speed', async () => {
    const a: [number, number] = [0.1186, 52.2053];
    const b: [number, number] = [0.1521, 52.1961];
    const route = await localPlaces.route([a, b, a]);
    const km = 2 * Rounds.haversineKm(a, b) * ROAD_FACTOR;
    expect(route).toEqual({
      km: expect.closeTo(km, 6),
      minutes: expect.closeTo((km / ROAD_KMH) * 60, 6),
      estimate: true,
    });
  });
});
