import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Jobs, Pricing } from '@roundwise/core';
import { kill, startChild } from '../local/child-runtime.ts';
import { signIn, signUpVerified } from '../local/messaging-fixture.ts';
import { addRoundOfJobs, northRise } from '../local/pricing-fixture.ts';
import { SCALES } from '../seed/generate.ts';
import { Random } from '../seed/prng.ts';
import { round, saveFigures } from './lib.ts';
import { cityCustomers } from './send.ts';

/**
 * The price change's figures: `pricing.preview_city_calc_ms`, the calculation part of the
 * preview over the city's 20,000 jobs as the detail screen computes it (affected jobs, new prices,
 * revenue by round, direct-debit notice; the budget, `pricing.preview_city_ms`, is the preview
 * painted in Chromium, `web-pricing.ts`); `pricing.apply_2000_ms` and `pricing.rollback_2000_ms` (10 s each),
 * `pricing.apply` and `pricing.rollback` on 2,000 jobs on the local runtime, request to answer.
 */

const ROUNDS = Array.from({ length: 40 }, (_, i) => ({ _id: `r${i}`, description: `Round ${i + 1}` }));

/** The city's jobs: one a customer, on one of 40 rounds, weekly to 8-weekly, £10 to £60. */
function cityJobs(): Jobs.Job[] {
  const rng = Random.of('pricing-bench-city');
  return cityCustomers()
    .slice(0, SCALES.city.customers)
    .map((c, i) =>
      Jobs.Job.parse({
        _id: `j${String(i).padStart(6, '0')}`,
        customerId: c._id,
        rounds: [rng.pick(ROUNDS)._id],
        date: '2026-01-05',
        price: rng.int(20, 120) / 2,
        frequencyType: 'Weeks',
        frequencyInterval: rng.pick([1, 2, 4, 4, 4, 8]),
        createdDate: '2025-01-01',
      }),
    );
}

/** Median of 15 previews (after 3 to warm up) of a 3 % rise on jobs at £20 or more, every round. */
export function previewCityMs(): { ms: number; jobs: number } {
  const customers = cityCustomers();
  const jobs = cityJobs();
  const data = { jobs, customers, rounds: ROUNDS, services: [] };
  const change = {
    type: { is: 'percentage' as const, value: 0.03, nearest: 0.5 as const },
    affectedJobFilter: [
      [{ id: 'p', field: 'jobPrice', label: 'Price', operator: 'AtLeast' as const, value: '20' }],
    ],
  };
  const at = { effective: '2026-12-01', noticeFrom: '2026-11-25' };
  let affected = 0;
  for (let i = 0; i < 3; i++) affected = Pricing.previewOf(change, data, at).jobs.length;
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now();
    Pricing.previewOf(change, data, at);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, jobs: affected };
}

/** Apply and rollback of a change to 2,000 jobs on the runtime in a process of its own. */
export async function apply2000Ms(): Promise<{ apply: number; rollback: number }> {
  const work = await mkdtemp(join(tmpdir(), 'roundwise-bench-pricing-'));
  await mkdir(join(work, 'web'), { recursive: true });
  await writeFile(join(work, 'web', 'index.html'), '<!doctype html><title>Roundwise</title>');
  const running = await startChild(work, 0);
  try {
    let api = await signUpVerified(running.url, running.db, 'bench-pricing@example.com');
    await addRoundOfJobs(running.db, api.accountId, 2000);
    await api.send('PATCH', '/account', { flags: ['pricing'] });
    api = await signIn(running.url, api.cookie);
    const made = await api.command('pricing.create', northRise);
    if (made.status !== 200) throw new Error(`create: ${JSON.stringify(made.json)}`);
    const timed = async (name: string) => {
      const t0 = performance.now();
      const answer = await api.command(name, { _id: northRise._id });
      if (answer.status !== 200) throw new Error(`${name}: ${JSON.stringify(answer.json)}`);
      return performance.now() - t0;
    };
    return { apply: await timed('pricing.apply'), rollback: await timed('pricing.rollback') };
  } finally {
    await kill(running);
    await rm(work, { recursive: true, force: true });
  }
}

// `npx tsx scripts/bench/pricing.ts`: these figures on their own, into bench/results.json.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const preview = previewCityMs();
  console.log(`pricing.preview_city_calc_ms ${round(preview.ms)} ms (${preview.jobs} jobs)`);
  const { apply, rollback } = await apply2000Ms();
  console.log(`pricing.apply_2000_ms ${round(apply)} ms, pricing.rollback_2000_ms ${round(rollback)} ms`);
  await saveFigures({
    'pricing.preview_city_calc_ms': { value: round(preview.ms), unit: 'ms' },
    'pricing.apply_2000_ms': { value: round(apply), unit: 'ms' },
    'pricing.rollback_2000_ms': { value: round(rollback), unit: 'ms' },
  });
}
