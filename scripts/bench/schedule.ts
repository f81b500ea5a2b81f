/**
 * `schedule.year_town_ms`: a year of schedule for the town data set, in core, no database.
 * Generates the town data set in memory with the seed generator (2,600 jobs, ~22,000 stored
 * visits), then times `visitsBetween` over every job for 365 days, merged with the stored
 * visit records and sorted by day, round name and planned order. Three windows: the past year
 * (every visit stored: the most merging), the year ahead (all computed) and a year centred on
 * today; the figure is the slowest window's median of 15 runs (after 3 warm-up runs).
 * `schedule.year_town_cpu_ms` is the same in CPU time of this process, which stays meaningful
 * when other work shares the machine's cores (wall time then includes waiting for a core).
 *
 * `schedule.overdue_town_ms`: `Visits.overdue` (not-done visits of the past 365 days, as the overdue
 * screen and the dashboard's count ask for them) on the same data, median of 15 after 3 warm-ups.
 *
 * Run: `npx tsx scripts/bench/schedule.ts` (also part of `npm run bench`'s figures file).
 */
import { Schedule, Visits } from '@roundwise/core';
import { generate } from '../seed/generate.ts';
import { percentile, round, saveFigures } from './lib.ts';

const TODAY = '2026-11-21';
const RUNS = 15;
const WARMUP = 3;

const t0 = performance.now();
const data = await generate('town', { accountId: 'bench-schedule', today: TODAY });
console.log(`generated town in ${Math.round(performance.now() - t0)} ms`);
const { job: jobs, visit: visitRecords, round: rounds } = data.entities;
const roundNames = new Map(rounds.map((r) => [r._id, r.description]));

const windows = {
  past: [Schedule.addDays(TODAY, -365), Schedule.addDays(TODAY, -1)],
  ahead: [TODAY, Schedule.addDays(TODAY, 364)],
  centred: [Schedule.addDays(TODAY, -182), Schedule.addDays(TODAY, 182)],
} as const;

const medians: Record<string, number> = {};
/** CPU time of the process: what the work costs when other processes share the cores. */
const cpuMedians: Record<string, number> = {};
for (const [name, [from, to]] of Object.entries(windows)) {
  const times: number[] = [];
  const cpu: number[] = [];
  let count = 0;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const c = process.cpuUsage();
    const s = performance.now();
    const items = Visits.visitsBetween({ jobs, visitRecords, from, to, roundNames, defaultDuration: 30 });
    const ms = performance.now() - s;
    const used = process.cpuUsage(c);
    count = items.length;
    if (i >= WARMUP) {
      times.push(ms);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  medians[name] = percentile(times, 50);
  cpuMedians[name] = percentile(cpu, 50);
  console.log(
    `${name.padEnd(8)} ${from}..${to}: ${count} visits from ${jobs.length} jobs + ${visitRecords.length} stored; ` +
      `median ${round(medians[name]!)} ms (CPU ${round(cpuMedians[name]!)} ms), min ${round(Math.min(...times))} ms, ` +
      `max ${round(Math.max(...times))} ms`,
  );
}

const overdueTimes: number[] = [];
const overdueCpu: number[] = [];
let overdueCount = 0;
for (let i = 0; i < WARMUP + RUNS; i++) {
  const c = process.cpuUsage();
  const s = performance.now();
  overdueCount = Visits.overdue({
    jobs,
    visitRecords,
    today: TODAY,
    roundNames,
    defaultDuration: 30,
  }).length;
  const ms = performance.now() - s;
  const used = process.cpuUsage(c);
  if (i >= WARMUP) {
    overdueTimes.push(ms);
    overdueCpu.push((used.user + used.system) / 1000);
  }
}
const overdueMs = percentile(overdueTimes, 50);
const overdueCpuMs = percentile(overdueCpu, 50);
console.log(
  `overdue  ${overdueCount} visits: median ${round(overdueMs)} ms (CPU ${round(overdueCpuMs)} ms), ` +
    `min ${round(Math.min(...overdueTimes))} ms, max ${round(Math.max(...overdueTimes))} ms`,
);

const worst = Math.max(...Object.values(medians));
const worstCpu = Math.max(...Object.values(cpuMedians));
await saveFigures({
  'schedule.year_town_ms': { value: round(worst, 1), unit: 'ms' },
  'schedule.year_town_cpu_ms': { value: round(worstCpu, 1), unit: 'ms' },
  'schedule.overdue_town_ms': { value: round(overdueMs, 1), unit: 'ms' },
  'schedule.overdue_town_cpu_ms': { value: round(overdueCpuMs, 1), unit: 'ms' },
});
console.log(`schedule.year_town_ms = ${round(worst, 1)} ms (CPU ${round(worstCpu, 1)} ms; budget 100 ms)`);
