import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Balance, type Payments, Vat } from '@roundwise/core';
import { generate } from '../seed/generate.ts';
import { type Figures, percentile, round, saveFigures } from './lib.ts';

/**
 * `vat.boxes_city_ms`: the nine boxes of a quarter for the city (80,000 transactions, its expenses
 * and journals), in memory as the device works them out from the synced books (`features/vat`),
 * for each scheme; the figure is the slowest scheme's p50 of 20 runs. Budget 200 ms.
 * Run: `BENCH_CITY_DIR=/tmp/<dir> npx tsx scripts/bench/vat.ts` (the city's books kept there).
 */
const today = '2026-11-21';
const quarter = { start: '2026-07-01', end: '2026-09-30' };
// The city's books, generated once into BENCH_CITY_DIR (a few minutes under load) and read after.
const cacheDir = process.env.BENCH_CITY_DIR ?? join(tmpdir(), 'roundwise-bench-city');
const cache = join(cacheDir, 'vat-books.json');
const city: Record<string, unknown[]> = existsSync(cache)
  ? JSON.parse(await readFile(cache, 'utf8'))
  : (await generate('city', { accountId: 'bench', today })).entities;
if (!existsSync(cache)) {
  await mkdir(cacheDir, { recursive: true });
  const { transaction, expense, journalEntry, expenseCategory, balanceSettings } = city;
  await writeFile(
    cache,
    JSON.stringify({ transaction, expense, journalEntry, expenseCategory, balanceSettings }),
  );
}
console.log(`city: ${city.transaction?.length} transactions, ${city.expense?.length} expenses`);
const books = {
  transactions: city.transaction as Payments.Transaction[],
  expenses: city.expense as never,
  journals: (city.journalEntry ?? []) as Balance.JournalEntry[],
  categories: (city.expenseCategory ?? []) as never,
};
const settings = city.balanceSettings?.[0] as Balance.BalanceSettings;

const figures: Figures = {};
let slowest = 0;
for (const scheme of Vat.VatScheme.options) {
  const times: number[] = [];
  let boxes: Vat.BoxesPence | undefined;
  for (let i = 0; i < 25; i++) {
    const t0 = performance.now();
    boxes = Vat.nineBoxesPence(books, quarter, {
      scheme,
      flatRatePercent: 12,
      salesVatRate: settings.salesVatRate,
    });
    if (i >= 5) times.push(performance.now() - t0);
  }
  const p50 = percentile(times, 50);
  slowest = Math.max(slowest, p50);
  console.log(
    `${scheme.padEnd(10)} ${round(p50, 2)} ms  box 1 ${boxes!.box1} box 4 ${boxes!.box4} box 6 ${boxes!.box6}`,
  );
}
figures['vat.boxes_city_ms'] = { value: round(slowest, 3), unit: 'ms' };
console.log(`vat.boxes_city_ms ${round(slowest, 3)} ms`);
await saveFigures(figures);
