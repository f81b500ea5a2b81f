import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { isConditionFailure } from './items.ts';
import { portalCodeKey, portalHandleKey, portalSessionKey, ttlSeconds } from './keys.ts';
import { type TransactItem, transactWrite } from './transactions.ts';

/** A sign-in code sent to a customer: only its hash is kept, with the tries made against it. */
export interface PortalCode {
  accountId: string;
  /** The contact it was sent to, normalised (a lower-cased email, or a phone number's digits). */
  contact: string;
  customerId: string;
  codeHash: string;
  tries: number;
  expiresAt: Date;
}

/** A customer's signed-in session on one account's portal. */
export interface PortalSession {
  tokenHash: string;
  accountId: string;
  customerId: string;
  expiresAt: Date;
  /** The staff member's user id when staff opened it to see the portal as the customer. */
  viewAs?: string;
}

/**
 * The portal's items outside the synced entities: URL handles (one global lookup, so a handle
 * names one account), sign-in codes and customer sessions. Codes and sessions expire by their
 * `expiresAtMs` (read) and the table's TTL (`expiresAt`, removal).
 */
export class PortalStore {
  constructor(readonly db: Db) {}

  /** The account a handle names, if any. */
  async accountOf(handle: string): Promise<string | undefined> {
    const item = await this.get(portalHandleKey(handle));
    return item ? String(item.accountId) : undefined;
  }

  /** Takes `handle` for `accountId` unless another account has it; true when it is this account's. */
  async claimHandle(handle: string, accountId: string): Promise<boolean> {
    try {
      await this.db.doc.send(
        new PutCommand({
          TableName: this.db.tableName,
          Item: { ...portalHandleKey(handle), accountId },
          ConditionExpression: 'attribute_not_exists(pk) OR accountId = :a',
          ExpressionAttributeValues: { ':a': accountId },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  /** Lets `handle` go, only if `accountId` holds it. */
  async releaseHandle(handle: string, accountId: string): Promise<void> {
    try {
      await this.db.doc.send(
        new DeleteCommand({
          TableName: this.db.tableName,
          Key: portalHandleKey(handle),
          ConditionExpression: 'accountId = :a',
          ExpressionAttributeValues: { ':a': accountId },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }

  /** Stores a code (replacing the contact's last one) with `also`, its message's outbox item, in one write. */
  async putCode(code: PortalCode, also: TransactItem[]): Promise<void> {
    const Item = {
      ...portalCodeKey(code.accountId, code.contact),
      customerId: code.customerId,
      codeHash: code.codeHash,
      tries: 0,
      expiresAt: ttlSeconds(code.expiresAt),
      expiresAtMs: code.expiresAt.getTime(),
    };
    await transactWrite(this.db, [{ Put: { TableName: this.db.tableName, Item } }, ...also]);
  }

  /**
   * Checks a code: a live one with the same hash is used up (deleted on that condition, so it
   * works once even when two requests race) and its customer answered. A wrong one counts a try;
   * after `maxTries` the code is gone. Undefined for anything but a match.
   */
  async useCode(
    accountId: string,
    contact: string,
    codeHash: string,
    now: Date,
    maxTries: number,
  ): Promise<string | undefined> {
    const key = portalCodeKey(accountId, contact);
    const item = await this.get(key);
    if (!item || Number(item.expiresAtMs) <= now.getTime() || Number(item.tries) >= maxTries)
      return undefined;
    if (item.codeHash !== codeHash) {
      await this.db.doc
        .send(
          new UpdateCommand({
            TableName: this.db.tableName,
            Key: key,
            UpdateExpression: 'ADD tries :one',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':one': 1 },
          }),
        )
        .catch((error) => {
          if (!isConditionFailure(error)) throw error;
        });
      return undefined;
    }
    try {
      await this.db.doc.send(
        new DeleteCommand({
          TableName: this.db.tableName,
          Key: key,
          ConditionExpression: 'codeHash = :h AND tries < :max AND expiresAtMs > :now',
          ExpressionAttributeValues: { ':h': codeHash, ':max': maxTries, ':now': now.getTime() },
        }),
      );
      return String(item.customerId);
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  async putSession(session: PortalSession): Promise<void> {
    await this.db.doc.send(
      new PutCommand({
        TableName: this.db.tableName,
        Item: {
          ...portalSessionKey(session.tokenHash),
          accountId: session.accountId,
          customerId: session.customerId,
          ...(session.viewAs ? { viewAs: session.viewAs } : {}),
          expiresAt: ttlSeconds(session.expiresAt),
          expiresAtMs: session.expiresAt.getTime(),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  /** The live session of a token's hash, or undefined (none, or expired). */
  async session(tokenHash: string, now: Date): Promise<PortalSession | undefined> {
    const item = await this.get(portalSessionKey(tokenHash));
    if (!item || Number(item.expiresAtMs) <= now.getTime()) return undefined;
    return {
      tokenHash,
      accountId: String(item.accountId),
      customerId: String(item.customerId),
      expiresAt: new Date(Number(item.expiresAtMs)),
      ...(item.viewAs ? { viewAs: String(item.viewAs) } : {}),
    };
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.doc.send(
      new DeleteCommand({ TableName: this.db.tableName, Key: portalSessionKey(tokenHash) }),
    );
  }

  private async get(key: { pk: string; sk: string }) {
    const { Item } = await this.db.doc.send(
      new GetCommand({ TableName: this.db.tableName, Key: key, ConsistentRead: true }),
    );
    return Item;
  }
}
