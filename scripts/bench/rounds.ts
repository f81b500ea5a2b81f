import { Rounds } from '@roundwise/core';
import { INSTANCE_ORIGIN, routeInstances } from '@roundwise/core/rounds/instances';
import { generate } from '../seed/generate.ts';
import { type Figures, percentile, round, saveFigures } from './lib.ts';

/**
 * Rounds benchmarks, in memory, no database:
 * - `rounds.list_town_ms`: round data with totals for the town data set (40 rounds, 2,600 jobs,
 *   ~22,000 stored visits), what the rounds list computes on each refresh (budget 30 ms), p50 of 30;
 * - `rounds.optimise_100_ms`: route optimising 100 stops (budget 200 ms), p50 over 10 instances;
 * - `rounds.optimise_gap_pct`: how far the optimiser's tour is above the best one known, the
 *   worst case over 40 fixed 9-stop instances (exhaustive search) and 6 fixed 100-stop instances
 *   (a long run: the same search with 40 times the kicks, from three seeds). Budget 5 %.
 * Run: `npx tsx scripts/bench/rounds.ts`.
 */
const figures: Figures = {};
const put = (name: string, value: number, unit: string) => {
  figures[name] = { value: round(value, 3), unit };
  console.log(`${name.padEnd(28)} ${round(value, 3)} ${unit}`);
};

const today = '2026-11-21';
const town = await generate('town', { accountId: 'bench', today });
const { round: rounds, job: jobs, visit: visitRecords } = town.entities;
console.log(`town: ${rounds.length} rounds, ${jobs.length} jobs, ${visitRecords.length} visits`);
const listTimes: number[] = [];
let totals = Rounds.roundTotals([]);
for (let i = 0; i < 40; i++) {
  const t0 = performance.now();
  const data = Rounds.roundData({ rounds, jobs, visitRecords, today });
  totals = Rounds.roundTotals(data);
  const ms = performance.now() - t0;
  if (i >= 10) listTimes.push(ms); // the first runs warm the JIT up, as a long-lived page is
}
console.log(
  `  totals: ${totals.jobCount} jobs, £${round(totals.totalPerMonth)} a month, £${round(totals.totalPerYear)} a year, £${round(totals.totalOneOff)} one-off`,
);
put('rounds.list_town_ms', percentile(listTimes, 50), 'ms');

const big = routeInstances(10, 100, 100);
Rounds.optimiseRoute(INSTANCE_ORIGIN, big[0] as Rounds.LngLat[]); // warm-up
const optTimes: number[] = [];
for (const stops of big) {
  const t0 = performance.now();
  Rounds.optimiseRoute(INSTANCE_ORIGIN, stops);
  optTimes.push(performance.now() - t0);
}
put('rounds.optimise_100_ms', percentile(optTimes, 50), 'ms');
console.log(`  optimise 100 stops: max ${round(Math.max(...optTimes))} ms`);

let worstGap = 0;
for (const stops of routeInstances(40, 9, 9)) {
  const best = Rounds.exhaustiveRoute(INSTANCE_ORIGIN, stops).km;
  const found = Rounds.optimiseRoute(INSTANCE_ORIGIN, stops).afterKm;
  worstGap = Math.max(worstGap, (found / best - 1) * 100);
}
console.log(`  9 stops vs exhaustive: worst gap ${round(worstGap, 3)} %`);
let worstBig = 0;
for (const stops of routeInstances(6, 100, 100)) {
  const found = Rounds.optimiseRoute(INSTANCE_ORIGIN, stops).afterKm;
  let best = found;
  for (const seed of [1, 2, 3]) {
    best = Math.min(
      best,
      Rounds.optimiseRoute(INSTANCE_ORIGIN, stops, undefined, { iterations: 4000, seed }).afterKm,
    );
  }
  worstBig = Math.max(worstBig, (found / best - 1) * 100);
}
console.log(`  100 stops vs long run: worst gap ${round(worstBig, 3)} %`);
put('rounds.optimise_gap_pct', Math.max(worstGap, worstBig), '%');

await saveFigures(figures);
