import type { S3Client } from '@aws-sdk/client-s3';

/** What started a backup (spec 002 section 3). */
export const InitiatorTasks = [
  'shift-schedule',
  'manual',
  'import-data',
  'reset-schedule',
  'restore-backup',
  'auto',
  'delete-user',
] as const;
export type InitiatorTask = (typeof InitiatorTasks)[number];

/** Where backups live: the backups bucket (S3 in production, s3rver locally). */
export interface BackupBucket {
  s3: S3Client;
  bucket: string;
}

/** The spec's backup item (`GET /api/backups`). */
export interface BackupItem {
  id: string;
  /** When the snapshot was read (ISO). */
  date: string;
  /** Bytes of the compressed data file. */
  size: number;
  initiatorTask: InitiatorTask;
}

/** Written beside the data: what a restore checks the data against. */
export interface BackupManifest extends BackupItem {
  accountId: string;
  /** Live entities per type. */
  counts: Record<string, number>;
  /** `contentHash` of the entities (content-hash.ts). */
  hash: string;
  entities: number;
}

/**
 * A backup's id is its time and initiator, `20261124T020000123Z-auto`: the bucket's listing
 * alone answers `GET /api/backups` (id, date, size, initiator) with no index to keep in step,
 * and ids sort by date.
 */
export const backupId = (date: Date, initiator: InitiatorTask) =>
  `${date.toISOString().replace(/[-:.]/g, '')}-${initiator}`;

const ID = /^(\d{8})T(\d{9})Z-([a-z-]+)$/;

/** The date and initiator an id names; undefined for anything that is not one of ours. */
export function parseBackupId(id: string): { date: string; initiatorTask: InitiatorTask } | undefined {
  const m = ID.exec(id);
  if (!m) return undefined;
  const initiator = m[3] as InitiatorTask;
  if (!InitiatorTasks.includes(initiator)) return undefined;
  const [d, t] = [m[1]!, m[2]!];
  const date = `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}.${t.slice(6)}Z`;
  return Number.isNaN(Date.parse(date)) ? undefined : { date, initiatorTask: initiator };
}

export const dataKey = (accountId: string, id: string) => `${accountId}/${id}.jsonl.gz`;
export const manifestKey = (accountId: string, id: string) => `${accountId}/${id}.manifest.json`;
