import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { SNAPSHOT_MANIFEST_SK, snapshotChunkSk, snapshotPk } from './keys.ts';

/**
 * Sync snapshots (README, "Sync snapshots"): an account's live entities written out as ready-made,
 * gzipped sync pages, so a device's first full load reads a few large items instead of every entity
 * through the change feed. The manifest names the current snapshot and the one before it (kept
 * for devices still paging through it); older chunks are deleted.
 */
export interface SnapshotManifest {
  snapshotId: string;
  chunks: number;
  entities: number;
  /** Feed cursor the snapshot continues from (changes after it come from the feed). */
  cursor: string;
  createdAt: string;
  previousId?: string;
  previousChunks?: number;
}

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
    if (!Item) return undefined;
    const { pk, sk, ...manifest } = Item;
    return manifest as SnapshotManifest;
  }

  /** One ready-made page: the gzipped JSON of `{ changes, cursor, hasMore }`. */
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
  async publish(manifest: Omit<SnapshotManifest, 'previousId' | 'previousChunks'>) {
    const current = await this.manifest();
    await this.db.doc.send(
      new PutCommand({
        TableName: this.db.tableName,
        Item: {
          pk: snapshotPk(this.accountId),
          sk: SNAPSHOT_MANIFEST_SK,
          ...manifest,
          ...(current ? { previousId: current.snapshotId, previousChunks: current.chunks } : {}),
        },
      }),
    );
    if (current?.previousId) await this.deleteChunks(current.previousId);
  }

  /** Deletes every chunk of a snapshot (also the leftovers of a build that died half-way). */
  async deleteChunks(snapshotId: string) {
    const { Items = [] } = await this.db.doc.send(
      new QueryCommand({
        TableName: this.db.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': snapshotPk(this.accountId), ':prefix': `${snapshotId}#` },
        ProjectionExpression: 'pk, sk',
      }),
    );
    for (const item of Items) {
      await this.db.doc.send(
        new DeleteCommand({ TableName: this.db.tableName, Key: { pk: item.pk, sk: item.sk } }),
      );
    }
  }
}
