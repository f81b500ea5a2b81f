import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '@roundwise/db';
import type { BillingSink } from './billing.ts';

/**
 * The steps of a credit purchase at which the purchase reliability test kills the runtime
 * (SIGKILL, no clean-up): around the purchase command's commit, around the billing provider's
 * charge, and after the result is applied (before the effect is marked done).
 */
export type PurchaseKillPoint =
  | 'before-commit'
  | 'after-commit'
  | 'before-charge'
  | 'after-charge'
  | 'after-settle';

const die = () => process.kill(process.pid, 'SIGKILL');

/** The billing sink, dying around the charge of purchase `purchaseId` at `at`. */
export function killingBilling(billing: BillingSink, at: PurchaseKillPoint, purchaseId: string): BillingSink {
  return {
    ...billing,
    async chargeCredits(input) {
      const ours = input.key.includes(`-${purchaseId}-`);
      if (ours && at === 'before-charge') die();
      const charge = await billing.chargeCredits(input);
      if (ours && at === 'after-charge') die();
      return charge;
    },
  };
}

/** The table client, dying around the commits of purchase `purchaseId`'s commands at `at`. */
export function killingTable(db: Db, at: PurchaseKillPoint, purchaseId: string) {
  const send = db.doc.send.bind(db.doc);
  const writes = (command: object, status: string) => {
    if (!(command instanceof TransactWriteCommand)) return false;
    const text = JSON.stringify(command.input);
    return text.includes(purchaseId) && text.includes('creditPurchase') && text.includes(`"${status}"`);
  };
  db.doc.send = (async (command: object, ...rest: never[]) => {
    if (at === 'before-commit' && writes(command, 'pending')) die();
    const out = await send(command as never, ...rest);
    if (at === 'after-commit' && writes(command, 'pending')) die();
    if (at === 'after-settle' && writes(command, 'paid')) die();
    return out;
  }) as typeof db.doc.send;
}

/**
 * The table client, dying right after the `parts`-th transaction of command `commandId` (a
 * command written in parts renews its claim, which names the command, in each): the price
 * change's crash test stops an Apply of 2,000 jobs part-way at the same place every run.
 */
export function killingAfterParts(db: Db, commandId: string, parts: number) {
  const send = db.doc.send.bind(db.doc);
  let seen = 0;
  db.doc.send = (async (command: object, ...rest: never[]) => {
    const out = await send(command as never, ...rest);
    if (command instanceof TransactWriteCommand && JSON.stringify(command.input).includes(commandId)) {
      if (++seen >= parts) die();
    }
    return out;
  }) as typeof db.doc.send;
}

/**
 * The process's fetch, dying as soon as HMRC has answered a VAT return's submission: HMRC holds the
 * return, and the runtime never recorded the answer (the VAT reliability test).
 */
export function killingAfterHmrcSubmit() {
  const send = globalThis.fetch;
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const answer = await send(input, init);
    if (init?.method === 'POST' && /\/organisations\/vat\/[^/]+\/returns$/.test(String(input))) die();
    return answer;
  }) as typeof fetch;
}
