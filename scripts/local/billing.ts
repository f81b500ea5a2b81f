import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BillingAdapter, CreditCharge } from '../../functions/src/deps.ts';

export interface CreditChargeRecord {
  key: string;
  accountId: string;
  quantity: number;
  total: number;
  status: CreditCharge['status'];
  at: string;
}

export interface BillingSink extends BillingAdapter {
  /** Every credit purchase charged, oldest first: one per idempotency key. */
  charges(): Promise<CreditChargeRecord[]>;
}

/**
 * The local billing provider: every plan change is active at once and every credit purchase is
 * paid, as `localBilling`; and, like a real provider, a purchase is charged once per idempotency
 * key (a repeated call answers what the first made), kept in `<directory>/charges.jsonl` so a key
 * is recognised across restarts and the reliability tests can count the charges.
 */
export function createBillingSink(directory: string): BillingSink {
  const file = join(directory, 'charges.jsonl');
  const charges = async (): Promise<CreditChargeRecord[]> =>
    (await readFile(file, 'utf8').catch(() => ''))
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as CreditChargeRecord);
  // One charge at a time, so two calls with one key cannot both find it new.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    async subscribe() {
      return { status: 'active' };
    },
    chargeCredits(input) {
      const charged = queue.then(async (): Promise<CreditCharge> => {
        const earlier = (await charges()).find((c) => c.key === input.key);
        if (earlier) return { status: earlier.status };
        await mkdir(directory, { recursive: true });
        const record: CreditChargeRecord = { ...input, status: 'paid', at: new Date().toISOString() };
        await appendFile(file, `${JSON.stringify(record)}\n`);
        return { status: record.status };
      });
      queue = charged.catch(() => {});
      return charged;
    },
    charges,
  };
}
