import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { EntityType, Sync } from '@roundwise/core';
import type { Db } from './client.ts';
import { SNAPSHOT_MANIFEST_SK, snapshotChunkSk, snapshotPk, snapshotSectionsSk } from './keys.ts';

/**
 * Sync snapshots (README, "Sync snapshots"): an account's live entities written out as ready-made,
 * gzipped pages, so a device's first full load reads a few large items instead of every entity
 * through the change feed. One snapshot serves every member: it is cut in sections (a type, in
 * full or in one of its projections, or one scope partition of it, such as the visits assigned to
 * one person), and a device reads the sections its view holds. The manifest names the current
 * snapshot and the one before it (kept for devices still paging through it); older chunks are
 * deleted.
 */
export interface SnapshotManifest {
  snapshotId: string;
  chunks: number;
  entities: number;
  /** Feed cursor the snapshot continues from (changes after it come from the feed). */
  cursor: string;
  createdAt: string;
  /** The layout: 2 = sections (older manifests are ignored, and a new snapshot is built). */
  format: number;
  sections: SnapshotSection[];
  previousId?: string;
  previousChunks?: number;
}

/** One section: chunks `first` to `first + counts.length - 1`, holding `counts[i]` entities each. */
export interface SnapshotSection {
  type: EntityType;
  /** Only these fields (a projection of `syncNeeds`); all fields when absent. */
  projection?: string;
  /** A scope partition: the records whose scope keys include `part` (`Sync.scopeKeysOf`). */
  scope?: Sync.SyncScope;
  part?: string;
  first: number;
  counts: number[];
}

export const SNAPSHOT_FORMAT = 2;

export class SnapshotRepository {
  constructor(
    readonly db: Db,
    readonly accountId: string,
  ) {}

  async manifest(): Promise<SnapshotManifest | undefined> {
    const { Item } = await this.db.doc.send(
      new GetCommand({
        TableName: this.db.tableName,
        Key: { pk: snapshotPk(this.accountId), sk: SNAPSHOT_MANIFEST_SK },
      }),
    );
    if (!Item || Item.format !== SNAPSHOT_FORMAT) return undefined;
    const { pk, sk, ...manifest } = Item;
    return manifest as SnapshotManifest;
  }

  /** The sections of one snapshot (kept beside its chunks, deleted with them). */
  async sections(snapshotId: string): Promise<SnapshotSection[] | undefined> {
    const { Item } = await this.db.doc.send(
      new GetCommand({
        TableName: this.db.tableName,
        Key: { pk: snapshotPk(this.accountId), sk: snapshotSectionsSk(snapshotId) },
      }),
    );
    return Item?.sections as SnapshotSection[] | undefined;
  }

  /** One ready-made page: the gzipped JSON of `{ changes }`. */
  async chunk(snapshotId: string, index: number): Promise<Uint8Array | undefined> {
    const { Item } = await this.db.doc.send(
      new GetCommand({
        TableName: this.db.tableName,
        Key: { pk: snapshotPk(this.accountId), sk: snapshotChunkSk(snapshotId, index) },
      }),
    );
    return Item?.body as Uint8Array | undefined;
  }

  async putChunk(snapshotId: string, index: number, body: Uint8Array) {
    await this.db.doc.send(
      new PutCommand({
        TableName: this.db.tableName,
        Item: { pk: snapshotPk(this.accountId), sk: snapshotChunkSk(snapshotId, index), body },
      }),
    );
  }

  /** Makes a fully written snapshot current; the one it replaces stays as `previous`. */
  async publish(manifest: Omit<SnapshotManifest, 'previousId' | 'previousChunks' | 'format'>) {
    await this.db.doc.send(
      new PutCommand({
        TableName: this.db.tableName,
        Item: {
          pk: snapshotPk(this.accountId),
          sk: snapshotSectionsSk(manifest.snapshotId),
          sections: manifest.sections,
        },
      }),
    );
    const current = await this.manifest();
    await this.db.doc.send(
      new PutCommand({
        TableName: this.db.tableName,
        Item: {
          pk: snapshotPk(this.accountId),
          sk: SNAPSHOT_MANIFEST_SK,
          ...manifest,
          format: SNAPSHOT_FORMAT,
          ...(current ? { previousId: current.snapshotId, previousChunks: current.chunks } : {}),
        },
      }),
    );
    if (current?.previousId) await this.deleteChunks(current.previousId);
  }

  /** Deletes every chunk of a snapshot and its sections (also the leftovers of a build that died half-way). */
  async deleteChunks(snapshotId: string) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.db.doc.send(
        new QueryCommand({
          TableName: this.db.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': snapshotPk(this.accountId), ':prefix': `${snapshotId}#` },
          ProjectionExpression: 'pk, sk',
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        await this.db.doc.send(
          new DeleteCommand({ TableName: this.db.tableName, Key: { pk: item.pk, sk: item.sk } }),
        );
      }
      start = page.LastEvaluatedKey;
    } while (start);
  }
}
