import { describe, expect, it } from 'vitest';
import { CENTRE } from './data.ts';
import { countsOf, generate } from './generate.ts';

/** Kilometres between a [lng, lat] and the town centre (equirectangular: fine at this range). */
const kmFromCentre = ([lng, lat]: [number, number]) =>
  Math.hypot(
    (lat - CENTRE.lat) * 111.32,
    (lng - CENTRE.lng) * 111.32 * Math.cos((CENTRE.lat * Math.PI) / 180),
  );

// A file of its own, so it runs beside the town's tests: playing 220,000 visits through the
// commands takes 15 to 25 s on an idle machine, several times that on a busy one.
describe('generate (city)', () => {
  it('makes a city ten times the town', async () => {
    const t = performance.now();
    const city = await generate('city', { accountId: '01JXAMPLEACC0UNT000000000A', today: '2025-06-16' });
    const ms = performance.now() - t;
    expect(countsOf(city)).toMatchObject({
      customer: 20_000,
      job: 26_000,
      round: 400,
      transaction: 80_000,
      quote: 3000,
      notification: 50_000,
    });
    const names = city.entities.round.map((r) => r.description.toLowerCase());
    expect(new Set(names).size).toBe(400);
    for (const c of city.entities.customer) expect(kmFromCentre(c.address.lngLat!)).toBeLessThan(20);
    console.log(`city generated in ${Math.round(ms)} ms`);
  }, 300_000);
});
