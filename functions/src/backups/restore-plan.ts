import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { Change, Entity, EntityType } from '@roundwise/core';
import type { BackupBucket } from './backup-files.ts';
import { contentOf } from './content-hash.ts';
import { type AccountState, stateKey } from './read-account.ts';
import { restoredForm, standsAsItIs } from './restore-rule.ts';

const gz = promisify(gzip);
const gunz = promisify(gunzip);

/**
 * One record a restore writes: the backup's entity (its content; the version and time are stamped
 * when it is written), or a deletion (`entity._deleted`), and the version it was read at (`null`:
 * absent), which the write is conditional on.
 */
export interface PlannedWrite {
  type: EntityType;
  entity: Entity;
  expected: number | null;
}

/** Lines of one plan part: a step reads one part at a time, never the whole plan. */
export const PLAN_PART = 2_000;

/**
 * What a restore must write to turn the account as read (`current`) into the backup, record by
 * record: what the backup holds with other content (or that was deleted since) written back,
 * what the backup does not hold deleted, what already equals the backup left alone. Deletions
 * first. Records of effects are never taken back (`restore-rule.ts`); `now` stamps a message
 * that comes back cancelled.
 */
export function planRestore(current: AccountState, backup: Change[], now: string): PlannedWrite[] {
  const plan: PlannedWrite[] = [];
  const wanted = new Map(backup.map((c) => [stateKey(c), c]));
  for (const [key, held] of current) {
    if (held.entity._deleted || wanted.has(key) || standsAsItIs(held)) continue;
    const entity = { _id: held.entity._id, _deleted: true } as unknown as Entity;
    plan.push({ type: held.type, entity, expected: held.entity._version });
  }
  for (const [key, change] of wanted) {
    const held = current.get(key);
    const live = held && !held.entity._deleted ? held : undefined;
    const restored = restoredForm(change, live, now);
    if (!restored || (live && contentOf(live) === contentOf(restored))) continue;
    plan.push({ type: restored.type, entity: restored.entity, expected: held?.entity._version ?? null });
  }
  return plan;
}

/** A plan part's key: beside the backups, under a prefix the listing of backups never reads. */
const partKey = (accountId: string, jobId: string, part: number) =>
  `restores/${accountId}/${jobId}/${String(part).padStart(5, '0')}.jsonl.gz`;

/** Stores the plan in parts of `PLAN_PART` lines (overwriting any a crashed run wrote); returns how many. */
export async function storePlan(files: BackupBucket, accountId: string, jobId: string, plan: PlannedWrite[]) {
  const parts = Math.ceil(plan.length / PLAN_PART);
  for (let part = 0; part < parts; part++) {
    const lines = plan.slice(part * PLAN_PART, (part + 1) * PLAN_PART).map((w) => JSON.stringify(w));
    await files.s3.send(
      new PutObjectCommand({
        Bucket: files.bucket,
        Key: partKey(accountId, jobId, part),
        Body: await gz(lines.join('\n')),
        ContentType: 'application/gzip',
      }),
    );
  }
  return parts;
}

export async function readPlanPart(
  files: BackupBucket,
  accountId: string,
  jobId: string,
  part: number,
): Promise<PlannedWrite[]> {
  const object = await files.s3.send(
    new GetObjectCommand({ Bucket: files.bucket, Key: partKey(accountId, jobId, part) }),
  );
  const text = (await gunz(await object.Body!.transformToByteArray())).toString('utf8');
  return text ? text.split('\n').map((line) => JSON.parse(line) as PlannedWrite) : [];
}

/** Removes a finished job's plan (the bucket's 90-day expiry removes any a failure left). */
export async function dropPlan(files: BackupBucket, accountId: string, jobId: string, parts: number) {
  for (let first = 0; first < parts; first += 1000) {
    const keys = Array.from({ length: Math.min(1000, parts - first) }, (_, i) => ({
      Key: partKey(accountId, jobId, first + i),
    }));
    await files.s3.send(new DeleteObjectsCommand({ Bucket: files.bucket, Delete: { Objects: keys } }));
  }
}
