import type { Caller } from './lib.ts';
import { percentile } from './lib.ts';

/** What people type into the address search, one keystroke at a time (postcodes, streets, houses). */
const TYPED = [
  'CB1 2DG',
  '4 Tenison Road',
  'mill road',
  'CB4 3',
  'High Street Histon',
  '12 Hills',
  'CB22 5',
  'chesterton road',
];

/**
 * `places.suggest_p95_ms`: keystroke to suggestions, each keystroke's `GET /api/places/suggest`
 * against the running runtime with the local provider (the gazetteer), as the address search asks
 * on every keystroke of a signed-in user (wall time, kept-alive connection as a browser's).
 */
export async function placesSuggestP95Ms(caller: Caller): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (const text of TYPED) {
      for (let n = 2; n <= text.length; n++) {
        const res = await caller.request(
          'GET',
          `/api/places/suggest?text=${encodeURIComponent(text.slice(0, n))}`,
        );
        if (res.status !== 200) throw new Error(`suggest answered ${res.status}`);
        times.push(res.wallMs);
      }
    }
  }
  return percentile(times, 95);
}

// `npx tsx scripts/bench/places.ts`: the figure alone, on a fresh demo runtime.
if (process.argv[1]?.endsWith('places.ts')) {
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { Caller: Client, startRoundwise } = await import('./lib.ts');
  const dir = await mkdtemp(join(tmpdir(), 'roundwise-places-'));
  const runtime = await startRoundwise(dir);
  try {
    const caller = new Client(runtime.url);
    await caller.login('owner@demo.roundwise.local', 'demo-password');
    console.log('places.suggest_p95_ms', Math.round((await placesSuggestP95Ms(caller)) * 10) / 10, 'ms');
  } finally {
    await runtime.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
