import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { isConditionFailure, strip } from './items.ts';
import { HMRC_THROTTLE_KEY, hmrcConnectionKey, hmrcStateKey } from './keys.ts';

/** A business's connection to HMRC: its OAuth tokens, sealed (`functions/src/vat/connection.ts`). */
export interface HmrcConnection {
  accountId: string;
  sealedAccess: string;
  sealedRefresh: string;
  /** When the access token stops working (epoch ms). */
  expiresAtMs: number;
  connectedAt: string;
  connectedBy: string;
}

/** The OAuth `state` of one authorization under way. */
export interface HmrcState {
  accountId: string;
  userId: string;
  expiresAtMs: number;
}

/**
 * HMRC counts calls as they arrive, so the window is a second plus what may pass between a grant's
 * time and its call leaving: a grant whose write took longer than `THROTTLE_SEND_WITHIN_MS` is
 * given up (its place stays taken) and another asked for, so no call leaves late on its grant.
 */
export const THROTTLE_SEND_WITHIN_MS = 250;
const THROTTLE_WINDOW_MS = 1000 + THROTTLE_SEND_WITHIN_MS;

/**
 * HMRC's records kept beside the account's (never synced): the connection, the OAuth states, and
 * the one throttle every account shares.
 */
export class HmrcStore {
  constructor(readonly db: Db) {}

  async connection(accountId: string): Promise<HmrcConnection | undefined> {
    const { Item } = await this.db.doc.send(
      new GetCommand({
        TableName: this.db.tableName,
        Key: hmrcConnectionKey(accountId),
        ConsistentRead: true,
      }),
    );
    return Item ? strip<HmrcConnection>(Item) : undefined;
  }

  async putConnection(c: HmrcConnection): Promise<void> {
    await this.db.doc.send(
      new PutCommand({ TableName: this.db.tableName, Item: { ...c, ...hmrcConnectionKey(c.accountId) } }),
    );
  }

  async deleteConnection(accountId: string): Promise<void> {
    await this.db.doc.send(
      new DeleteCommand({ TableName: this.db.tableName, Key: hmrcConnectionKey(accountId) }),
    );
  }

  async putState(stateHash: string, state: HmrcState): Promise<void> {
    await this.db.doc.send(
      new PutCommand({
        TableName: this.db.tableName,
        Item: { ...state, ...hmrcStateKey(stateHash), expiresAt: Math.ceil(state.expiresAtMs / 1000) },
      }),
    );
  }

  /** Uses a state once: a second callback with it, or one after it expired, finds nothing. */
  async takeState(stateHash: string, nowMs: number): Promise<HmrcState | undefined> {
    try {
      const { Attributes } = await this.db.doc.send(
        new DeleteCommand({
          TableName: this.db.tableName,
          Key: hmrcStateKey(stateHash),
          ConditionExpression: 'attribute_exists(pk) AND expiresAtMs > :now',
          ExpressionAttributeValues: { ':now': nowMs },
          ReturnValues: 'ALL_OLD',
        }),
      );
      return Attributes ? strip<HmrcState>(Attributes, ['expiresAt']) : undefined;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  /**
   * Takes one of `perSecond` requests a second for the whole deployment, or says how long to wait:
   * the item holds the times of the last grants; a grant is allowed when the oldest of them is a
   * second old, and written on condition that no other grant came in between (a sliding window,
   * strict: never more than `perSecond` in any second, whatever the number of servers).
   */
  async takeThrottle(
    nowMs: number,
    perSecond: number,
  ): Promise<{ granted: true } | { granted: false; waitMs: number }> {
    const { Item } = await this.db.doc.send(
      new GetCommand({ TableName: this.db.tableName, Key: HMRC_THROTTLE_KEY, ConsistentRead: true }),
    );
    const grants = ((Item?.grants as number[] | undefined) ?? []).slice(-perSecond);
    const rev = Number(Item?.rev ?? 0);
    if (grants.length >= perSecond && nowMs - grants[0]! < THROTTLE_WINDOW_MS) {
      return { granted: false, waitMs: grants[0]! + THROTTLE_WINDOW_MS - nowMs };
    }
    try {
      await this.db.doc.send(
        new PutCommand({
          TableName: this.db.tableName,
          Item: { ...HMRC_THROTTLE_KEY, grants: [...grants, nowMs].slice(-perSecond), rev: rev + 1 },
          ConditionExpression: Item ? 'rev = :rev' : 'attribute_not_exists(pk)',
          ...(Item ? { ExpressionAttributeValues: { ':rev': rev } } : {}),
        }),
      );
      return { granted: true };
    } catch (error) {
      if (isConditionFailure(error)) return { granted: false, waitMs: 0 };
      throw error;
    }
  }
}
