import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { queryAll } from './entities.ts';
import { isConditionFailure, strip } from './items.ts';
import { MAILBOXES_PK, mailboxCursorKey, mailboxKey, mailboxPk, replyTokenKey } from './keys.ts';
import { GSI2 } from './table.ts';

/** One protocol's settings as stored: the password sealed (AES-GCM, `functions/src/email-engine/seal.ts`). */
export interface StoredServer {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  sealedPass: string;
}

/**
 * A business's own mailbox: `pk = A#<accountId>#MAILBOX`, `sk = MAILBOX`, listed for the
 * mailbox workers under `gsi2pk = MAILBOXES` (one partition: one item per connected account).
 * `rev` rises with every change of settings, so a worker sees it must reconnect.
 */
export interface StoredMailbox {
  accountId: string;
  email: string;
  smtp: StoredServer;
  imap: StoredServer;
  state: 'connecting' | 'connected' | 'authenticationError' | 'connectError';
  /** The server's last complaint, when the state is an error. */
  error?: string;
  rev: number;
  connectedAt: string;
  /** The IMAP server's storage quota, when it reports one (bytes). */
  quota?: { usage: number; limit: number };
  /** A full sync asked for (`PUT /account/sync`): the worker reads every folder from the start. */
  syncRequestedAt?: string;
}

/** A folder's position: the highest UID taken, valid while the folder's UIDVALIDITY is the same. */
export interface MailboxCursor {
  uidValidity: string;
  lastUid: number;
}

export class Mailboxes {
  constructor(readonly db: Db) {}

  async get(accountId: string): Promise<StoredMailbox | undefined> {
    const { Item } = await this.db.doc.send(
      new GetCommand({ TableName: this.db.tableName, Key: mailboxKey(accountId), ConsistentRead: true }),
    );
    return Item ? strip<StoredMailbox>(Item) : undefined;
  }

  async put(mailbox: StoredMailbox): Promise<void> {
    await this.db.doc.send(
      new PutCommand({
        TableName: this.db.tableName,
        Item: {
          ...mailbox,
          ...mailboxKey(mailbox.accountId),
          gsi2pk: MAILBOXES_PK,
          gsi2sk: mailbox.accountId,
        },
      }),
    );
  }

  /** Records what the worker found (state, error, quota) on the revision it connected with. */
  async report(
    accountId: string,
    rev: number,
    patch: Pick<StoredMailbox, 'state'> & Partial<Pick<StoredMailbox, 'error' | 'quota'>>,
  ): Promise<boolean> {
    try {
      await this.db.doc.send(
        new UpdateCommand({
          TableName: this.db.tableName,
          Key: mailboxKey(accountId),
          UpdateExpression: `SET #state = :state${patch.quota ? ', quota = :quota' : ''}${
            patch.error ? ', #error = :error' : ' REMOVE #error'
          }`,
          ConditionExpression: 'rev = :rev',
          ExpressionAttributeNames: { '#state': 'state', '#error': 'error' },
          ExpressionAttributeValues: {
            ':state': patch.state,
            ':rev': rev,
            ...(patch.quota ? { ':quota': patch.quota } : {}),
            ...(patch.error ? { ':error': patch.error } : {}),
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /** Every connected mailbox (the workers' list). */
  async list(): Promise<StoredMailbox[]> {
    const items = await queryAll(this.db, {
      TableName: this.db.tableName,
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': MAILBOXES_PK },
    });
    return items.map((i) => strip<StoredMailbox>(i));
  }

  /** Disconnects: the mailbox and its cursors go (a later connection starts afresh). */
  async delete(accountId: string): Promise<void> {
    const items = await queryAll(this.db, {
      TableName: this.db.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': mailboxPk(accountId) },
      ProjectionExpression: 'pk, sk',
    });
    for (const item of items) {
      await this.db.doc.send(
        new DeleteCommand({ TableName: this.db.tableName, Key: { pk: item.pk, sk: item.sk } }),
      );
    }
  }

  async cursor(accountId: string, folder: string): Promise<MailboxCursor | undefined> {
    const { Item } = await this.db.doc.send(
      new GetCommand({
        TableName: this.db.tableName,
        Key: mailboxCursorKey(accountId, folder),
        ConsistentRead: true,
      }),
    );
    return Item ? { uidValidity: String(Item.uidValidity), lastUid: Number(Item.lastUid) } : undefined;
  }

  /** Moves a folder's cursor forward only (two workers on one mailbox never move it back). */
  async advance(accountId: string, folder: string, cursor: MailboxCursor): Promise<void> {
    try {
      await this.db.doc.send(
        new PutCommand({
          TableName: this.db.tableName,
          Item: { ...mailboxCursorKey(accountId, folder), ...cursor },
          ConditionExpression: 'attribute_not_exists(pk) OR uidValidity <> :v OR lastUid < :uid',
          ExpressionAttributeValues: { ':v': cursor.uidValidity, ':uid': cursor.lastUid },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  async resetCursors(accountId: string): Promise<void> {
    const items = await queryAll(this.db, {
      TableName: this.db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :c)',
      ExpressionAttributeValues: { ':pk': mailboxPk(accountId), ':c': 'CURSOR#' },
      ProjectionExpression: 'pk, sk',
    });
    for (const item of items) {
      await this.db.doc.send(
        new DeleteCommand({ TableName: this.db.tableName, Key: { pk: item.pk, sk: item.sk } }),
      );
    }
  }

  /** Records which message a reply token stands for (the same token again writes the same). */
  async putReplyToken(accountId: string, token: string, notificationId: string): Promise<void> {
    await this.db.doc.send(
      new PutCommand({
        TableName: this.db.tableName,
        Item: { ...replyTokenKey(accountId, token), notificationId },
      }),
    );
  }

  /** The message a reply token of this account stands for. */
  async replyToken(accountId: string, token: string): Promise<string | undefined> {
    const { Item } = await this.db.doc.send(
      new GetCommand({ TableName: this.db.tableName, Key: replyTokenKey(accountId, token) }),
    );
    return typeof Item?.notificationId === 'string' ? Item.notificationId : undefined;
  }
}
