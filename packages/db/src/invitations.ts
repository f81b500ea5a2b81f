import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '@roundwise/core';
import type { Db } from './client.ts';
import { queryAll } from './entities.ts';
import { isConditionFailure, patchItem, strip } from './items.ts';
import { invitationKey, invitationsPk, invitedPk } from './keys.ts';
import { GSI2 } from './table.ts';

/**
 * An offer to join an account, made to an email address. It is not a membership: the person
 * becomes a member only by accepting it (docs/architecture.md, "Invitations").
 */
export interface InvitationRecord {
  accountId: string;
  /** Lower-cased. */
  email: string;
  /** The name the inviter typed: the new user's name unless they choose another. */
  name: string;
  roles: Role[];
  /** Withdrawn by the account: it cannot be accepted until it is reactivated. */
  deactivated: boolean;
  /** SHA-256 of the newest link: sending the invitation again retires the older links. */
  tokenHash: string;
  /** The user who sent it, kept with the offer for the account's records. */
  invitedBy: string;
  invitedAt: Date;
  expiresAt: Date;
}
export type InvitationPatch = Partial<Pick<InvitationRecord, 'roles' | 'deactivated'>>;

/**
 * Invitations: `pk = A#<accountId>#INVITES`, `sk = <email>` (one per address and account; a new
 * invitation replaces the old), and through gsi2 `INVITED#<email>` the offers one address has.
 * No TTL: an expired invitation stays listed for the inviter, who can send it again.
 */
export class InvitationRepository {
  constructor(
    readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async put(inv: InvitationRecord): Promise<void> {
    await this.db.doc.send(new PutCommand({ TableName: this.db.tableName, Item: toItem(inv) }));
  }

  async get(accountId: string, email: string): Promise<InvitationRecord | undefined> {
    const { Item } = await this.db.doc.send(
      new GetCommand({
        TableName: this.db.tableName,
        Key: invitationKey(accountId, email),
        ConsistentRead: true,
      }),
    );
    return Item ? fromItem(Item) : undefined;
  }

  async listOfAccount(accountId: string): Promise<InvitationRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.db.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': invitationsPk(accountId) },
      ConsistentRead: true,
    });
    return items.map(fromItem);
  }

  /** The offers that can be accepted now: neither withdrawn nor expired. */
  async listOpenForEmail(email: string): Promise<InvitationRecord[]> {
    const now = this.clock().getTime();
    const items = await queryAll(this.db, {
      TableName: this.db.tableName,
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': invitedPk(email) },
    });
    return items.map(fromItem).filter((i) => !i.deactivated && i.expiresAt.getTime() > now);
  }

  /** Changes roles or withdraws/reinstates; undefined when there is no such invitation. */
  async update(accountId: string, email: string, patch: InvitationPatch) {
    const item = await patchItem(this.db, invitationKey(accountId, email), patch, [
      'accountId',
      'email',
      'tokenHash',
    ]);
    return item ? fromItem(item) : undefined;
  }

  /**
   * Takes an open invitation off the table, once: on condition that it is there, not withdrawn,
   * not expired and (when given) still has that link. The one step that decides an acceptance;
   * undefined when the condition failed.
   */
  async take(accountId: string, email: string, tokenHash?: string): Promise<InvitationRecord | undefined> {
    return this.remove(accountId, email, {
      condition: `attribute_exists(pk) AND deactivated = :no AND expiresAtMs > :now${tokenHash ? ' AND tokenHash = :t' : ''}`,
      values: { ':no': false, ':now': this.clock().getTime(), ...(tokenHash ? { ':t': tokenHash } : {}) },
    });
  }

  /** Deletes an invitation (declined), with that link when given; undefined when it was not there. */
  async delete(accountId: string, email: string, tokenHash?: string): Promise<InvitationRecord | undefined> {
    return this.remove(accountId, email, {
      condition: `attribute_exists(pk)${tokenHash ? ' AND tokenHash = :t' : ''}`,
      values: tokenHash ? { ':t': tokenHash } : undefined,
    });
  }

  private async remove(
    accountId: string,
    email: string,
    cond: { condition: string; values: Record<string, unknown> | undefined },
  ): Promise<InvitationRecord | undefined> {
    try {
      const { Attributes } = await this.db.doc.send(
        new DeleteCommand({
          TableName: this.db.tableName,
          Key: invitationKey(accountId, email),
          ConditionExpression: cond.condition,
          ...(cond.values ? { ExpressionAttributeValues: cond.values } : {}),
          ReturnValues: 'ALL_OLD',
        }),
      );
      return Attributes ? fromItem(Attributes) : undefined;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }
}

function toItem(inv: InvitationRecord) {
  const { invitedAt, expiresAt, ...rest } = inv;
  return {
    ...invitationKey(inv.accountId, inv.email),
    ...rest,
    email: inv.email.trim().toLowerCase(),
    invitedAtMs: invitedAt.getTime(),
    expiresAtMs: expiresAt.getTime(),
    gsi2pk: invitedPk(inv.email),
    gsi2sk: inv.accountId,
  };
}

function fromItem(item: Record<string, unknown>): InvitationRecord {
  const { invitedAtMs, expiresAtMs, ...rest } = strip<Record<string, unknown>>(item);
  return {
    ...(rest as Omit<InvitationRecord, 'invitedAt' | 'expiresAt'>),
    invitedAt: new Date(invitedAtMs as number),
    expiresAt: new Date(expiresAtMs as number),
  };
}
