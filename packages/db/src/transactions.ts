import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';

/** One item of a `TransactWriteItems` (a Put, Delete or ConditionCheck; the code sends no Update). */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's most items in one transaction. */
export const TRANSACTION_MAX_ITEMS = 100;

/**
 * A transaction refused as a whole: `reasons[i]` says why for item `i` (`ConditionalCheckFailed`,
 * `TransactionConflict` when another transaction held the item, `None` for the items that were fine).
 */
export class TransactionRefused extends Error {
  constructor(readonly reasons: string[]) {
    super(`Transaction cancelled: ${reasons.join(', ')}`);
  }
  /** True when item `i`'s own condition failed (not a conflict with another transaction). */
  failedCondition(i: number) {
    return this.reasons[i] === 'ConditionalCheckFailed';
  }
}

/** Writes `items` all together or not at all; a refusal is `TransactionRefused`. */
export async function transactWrite(db: Db, items: TransactItem[]): Promise<void> {
  try {
    await db.doc.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      throw new TransactionRefused((error.CancellationReasons ?? []).map((r) => r.Code ?? 'None'));
    }
    throw error;
  }
}
