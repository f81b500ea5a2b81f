import { gunzipSync, gzipSync } from 'node:zlib';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { readItem } from './batched-reads.ts';
import type { Db } from './client.ts';
import { isConditionFailure } from './items.ts';
import { commandKey, ttlSeconds } from './keys.ts';
import type { TransactItem } from './transactions.ts';

/**
 * What `POST /api/commands/:name` replied, as recorded: the HTTP status and the body (the web's
 * `CommandAnswer` on success, `{ code, params }` on a refusal).
 */
export interface CommandReply {
  status: number;
  body: unknown;
}

/**
 * A command's record, keyed by account and commandId: `done` holds the answer given to the user
 * who ran it; `applying` is a run too large for one transaction that is writing in parts (it holds
 * the run's lease: another run may take over once `leaseUntil` has passed).
 */
export type CommandRecord =
  | { status: 'done'; userId: string; answer?: CommandReply }
  | { status: 'applying'; userId: string; runId: string; leaseUntil: number };

/** How long an answer answers replays. */
const DONE_MS = 7 * 86_400_000;
/** Answers larger than this are stored gzipped (an item holds at most 400 KB). */
const ANSWER_INLINE_BYTES = 64_000;
const ANSWER_MAX_BYTES = 380_000;
/** Where a run may write the record: none is there (an expired one counts as none). */
const ABSENT = 'attribute_not_exists(pk) OR expiresAtMs <= :now';

/** Command records (functions/src/commands/run-command.ts says how they are used). */
export class CommandRecords {
  constructor(readonly db: Db) {}

  /** The record, or undefined when there is none or it has expired. */
  async get(accountId: string, commandId: string, now: Date): Promise<CommandRecord | undefined> {
    // Batched with the command's first reads (one request for both).
    const Item = await readItem(this.db, commandKey(accountId, commandId));
    if (!Item || (typeof Item.expiresAtMs === 'number' && Item.expiresAtMs <= now.getTime()))
      return undefined;
    return readRecord(Item);
  }

  /**
   * The write of a `done` record, for the transaction that stores the command's changes: on
   * condition that no record is there, or (`heldBy`) that the run's own claim still is.
   */
  doneItem(
    record: { accountId: string; commandId: string; userId: string; answer: CommandReply; now: Date },
    heldBy?: string,
  ): TransactItem {
    return {
      Put: {
        TableName: this.db.tableName,
        Item: doneRecord(record),
        ...(heldBy ? heldCondition(heldBy) : absentCondition(record.now)),
      },
    };
  }

  /**
   * Records a refusal as the command's answer where no record is. Returns the record that stands:
   * this one, or the one a concurrent run wrote first (never replaced).
   */
  async recordRefusal(record: {
    accountId: string;
    commandId: string;
    userId: string;
    answer: CommandReply;
    now: Date;
  }): Promise<CommandRecord> {
    if (await this.put(doneRecord(record), absentCondition(record.now))) {
      return { status: 'done', userId: record.userId, answer: record.answer };
    }
    const found = await this.get(record.accountId, record.commandId, record.now);
    // Gone again between the two calls: only possible once expired, so this one stands.
    return found ?? { status: 'done', userId: record.userId, answer: record.answer };
  }

  /**
   * Claims the command for a run that writes in parts: an `applying` record with a lease, where no
   * record is, or where another run's lease has run out. False when the claim was not taken.
   */
  async claim(
    c: { accountId: string; commandId: string; userId: string; runId: string; now: Date },
    leaseMs: number,
  ): Promise<boolean> {
    return this.put(applyingRecord(c, leaseMs), {
      ConditionExpression: `${ABSENT} OR (#s = :applying AND leaseUntil <= :now)`,
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':now': c.now.getTime(), ':applying': 'applying' },
    });
  }

  /** The renewal of a run's lease, for each of its transactions: fails once another run took over. */
  leaseItem(
    c: { accountId: string; commandId: string; userId: string; runId: string; now: Date },
    leaseMs: number,
  ): TransactItem {
    return {
      Put: { TableName: this.db.tableName, Item: applyingRecord(c, leaseMs), ...heldCondition(c.runId) },
    };
  }

  private async put(
    Item: Record<string, unknown>,
    condition: Pick<
      NonNullable<TransactItem['Put']>,
      'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'
    >,
  ) {
    try {
      await this.db.doc.send(new PutCommand({ TableName: this.db.tableName, Item, ...condition }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}

const absentCondition = (now: Date) => ({
  ConditionExpression: ABSENT,
  ExpressionAttributeValues: { ':now': now.getTime() },
});
const heldCondition = (runId: string) => ({
  ConditionExpression: '#s = :applying AND runId = :run',
  ExpressionAttributeNames: { '#s': 'status' },
  ExpressionAttributeValues: { ':applying': 'applying', ':run': runId },
});

function applyingRecord(
  c: { accountId: string; commandId: string; userId: string; runId: string; now: Date },
  leaseMs: number,
) {
  const until = c.now.getTime() + DONE_MS;
  return {
    ...commandKey(c.accountId, c.commandId),
    status: 'applying',
    userId: c.userId,
    runId: c.runId,
    leaseUntil: c.now.getTime() + leaseMs,
    expiresAt: ttlSeconds(until),
    expiresAtMs: until,
  };
}

/** The stored record of a finished command: its answer inline, gzipped when large. */
function doneRecord(r: {
  accountId: string;
  commandId: string;
  userId: string;
  answer: CommandReply;
  now: Date;
}) {
  const until = r.now.getTime() + DONE_MS;
  const json = JSON.stringify(r.answer);
  const stored: Record<string, unknown> = {};
  if (Buffer.byteLength(json) <= ANSWER_INLINE_BYTES) stored.answer = json;
  else {
    const gz = gzipSync(json);
    // Too large even gzipped: the record says done without an answer (a replay gets command.in-progress).
    if (gz.byteLength <= ANSWER_MAX_BYTES) stored.answerGz = new Uint8Array(gz);
  }
  return {
    ...commandKey(r.accountId, r.commandId),
    status: 'done',
    userId: r.userId,
    ...stored,
    expiresAt: ttlSeconds(until),
    expiresAtMs: until,
  };
}

/** A record in another state (written by an earlier version of this code) counts as none. */
function readRecord(item: Record<string, unknown>): CommandRecord | undefined {
  if (item.status !== 'done' && item.status !== 'applying') return undefined;
  const userId = typeof item.userId === 'string' ? item.userId : '';
  if (item.status === 'applying') {
    return {
      status: 'applying',
      userId,
      runId: String(item.runId),
      leaseUntil: Number(item.leaseUntil),
    };
  }
  let json: string | undefined;
  if (typeof item.answer === 'string') json = item.answer;
  else if (item.answerGz instanceof Uint8Array) json = gunzipSync(item.answerGz).toString('utf8');
  return json === undefined
    ? { status: 'done', userId }
    : { status: 'done', userId, answer: JSON.parse(json) as CommandReply };
}
