import { GetCommand, PutCommand, type PutCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { isConditionFailure } from './items.ts';
import { restoreJobKey, restoreLockKey, ttlSeconds } from './keys.ts';
import type { TransactItem } from './transactions.ts';

export type RestoreState = 'queued' | 'running' | 'done' | 'failed';

/**
 * A restore of an account from a backup, run by the queue worker in steps
 * (functions/src/backups/run-restore.ts). `rev` orders its writes: each is conditional on the
 * revision read, so two deliveries of one step never both move it on.
 */
export interface RestoreJob {
  jobId: string;
  accountId: string;
  backupId: string;
  /** Who asked for it (their email, for the audit entry). */
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  state: RestoreState;
  rev: number;
  /** Deliveries started since the job last moved on; past a few, it fails instead of looping. */
  stalls: number;
  /** How many times it handed itself on to a later delivery (names the next step's effect). */
  step: number;
  /** The backup of the state the restore replaces (set once the plan is made). */
  before?: string;
  /** Records the plan writes (back or as deletions), and how many are done. */
  total?: number;
  parts?: number;
  done: number;
  written: number;
  deleted: number;
  /** The message key of a failure. */
  error?: string;
}

/** Jobs are kept this long for the screen and inspection, then the table's TTL removes them. */
const KEEP_MS = 90 * 86_400_000;

/**
 * Restore jobs of each account, and the one lock per account that makes a second restore wait
 * (`backups.restore-running`): written with the job, removed in the write that ends it.
 */
export class RestoreJobs {
  constructor(readonly db: Db) {}

  async get(accountId: string, jobId: string): Promise<RestoreJob | undefined> {
    const { Item } = await this.db.doc.send(
      new GetCommand({
        TableName: this.db.tableName,
        Key: restoreJobKey(accountId, jobId),
        ConsistentRead: true,
      }),
    );
    return Item ? read(Item) : undefined;
  }

  /** The id of the account's restore under way, if any. */
  async running(accountId: string): Promise<string | undefined> {
    const { Item } = await this.db.doc.send(
      new GetCommand({ TableName: this.db.tableName, Key: restoreLockKey(accountId), ConsistentRead: true }),
    );
    return Item ? String(Item.jobId) : undefined;
  }

  /** A new job and the account's lock, for one transaction: refused while another holds the lock. */
  startItems(job: RestoreJob): TransactItem[] {
    return [
      {
        Put: {
          TableName: this.db.tableName,
          Item: { ...restoreLockKey(job.accountId), jobId: job.jobId, createdAt: job.createdAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: this.db.tableName,
          Item: this.record(job),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ];
  }

  /** The job's next state, written only over revision `job.rev - 1` (for a transaction). */
  saveItem(job: RestoreJob): TransactItem {
    return {
      Put: {
        TableName: this.db.tableName,
        Item: this.record(job),
        ConditionExpression: '#rev = :rev',
        ExpressionAttributeNames: { '#rev': 'rev' },
        ExpressionAttributeValues: { ':rev': job.rev - 1 },
      },
    };
  }

  /** Writes the job's next state alone; false when another run moved it on first. */
  async save(job: RestoreJob): Promise<boolean> {
    try {
      await this.db.doc.send(new PutCommand(this.saveItem(job).Put as PutCommandInput));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /** Frees the account for another restore (in the transaction that ends the job). */
  releaseItem(job: RestoreJob): TransactItem {
    return {
      Delete: {
        TableName: this.db.tableName,
        Key: restoreLockKey(job.accountId),
        ConditionExpression: 'jobId = :job',
        ExpressionAttributeValues: { ':job': job.jobId },
      },
    };
  }

  private record(job: RestoreJob) {
    return {
      ...restoreJobKey(job.accountId, job.jobId),
      ...job,
      expiresAt: ttlSeconds(new Date(job.createdAt).getTime() + KEEP_MS),
    };
  }
}

function read(item: Record<string, unknown>): RestoreJob {
  const { pk: _pk, sk: _sk, expiresAt: _ttl, ...job } = item;
  return job as unknown as RestoreJob;
}
