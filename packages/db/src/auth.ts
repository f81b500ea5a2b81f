import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Account, AppError, assertFitsOneRecord, type Role, type UserSettings } from '@roundwise/core';
import type { Db } from './client.ts';
import { queryAll } from './entities.ts';
import { isConditionFailure, patchItem, strip } from './items.ts';
import {
  ACCOUNTS_PK,
  accountKey,
  emailGuardKey,
  MEMBERSHIP_PREFIX,
  membershipKey,
  membersPk,
  rateKey,
  sessionKey,
  tokenKey,
  ttlSeconds,
  userKey,
} from './keys.ts';
import { GSI2 } from './table.ts';
import { type TransactItem, transactWrite } from './transactions.ts';

export interface UserRecord {
  userId: string;
  /** Lower-cased. */
  email: string;
  name: string;
  /** Empty for an invited user who has not chosen a password yet. */
  passwordHash: string;
  emailVerified: boolean;
  developerMode: boolean;
  settings: Partial<UserSettings>;
  createdDate: string;
  lastAccountId?: string;
  passwordChangedAt?: string;
  supportUser?: boolean;
}
export type NewUser = Pick<
  UserRecord,
  | 'userId'
  | 'email'
  | 'name'
  | 'passwordHash'
  | 'emailVerified'
  | 'developerMode'
  | 'settings'
  | 'createdDate'
> &
  Partial<UserRecord>;
/** Fields to change; a field given as `undefined` is removed. The email is fixed (its guard). */
export type UserPatch = Partial<Omit<UserRecord, 'userId' | 'email'>>;
export type AccountPatch = Partial<Omit<Account, 'accountId'>>;

export interface MembershipRecord {
  userId: string;
  accountId: string;
  roles: Role[];
  deactivated: boolean;
  /** The account's name, kept here so the account switcher needs no extra reads. */
  businessName: string;
}

export interface SessionRecord {
  tokenHash: string;
  userId: string;
  accountId: string;
  expiresAt: Date;
}

export type TokenKind = 'verify' | 'reset' | 'invite';
interface TokenBase {
  tokenHash: string;
  /** When the link was issued: a password changed since then retires a reset link. */
  createdAt: Date;
  expiresAt: Date;
}
/** A mailed link for one user: verify their email, or reset their password. */
export interface UserToken extends TokenBase {
  kind: 'verify' | 'reset';
  userId: string;
}
/** An invitation's link: it names the invitation (the account and the address invited), not a user. */
export interface InviteToken extends TokenBase {
  kind: 'invite';
  accountId: string;
  /** Lower-cased. */
  email: string;
}
export type TokenRecord = UserToken | InviteToken;
type TokenOf<K extends TokenKind> = K extends 'invite' ? InviteToken : UserToken;

/** A crash between the email guard and the user item leaves a guard alone; after this long it may be taken over. */
const ORPHAN_GUARD_MS = 60_000;

/**
 * Users, accounts, memberships, sessions, one-time tokens and rate limits: everything outside the
 * synced entities but command records (`command-records.ts`) and the outbox (`outbox.ts`). `clock` decides what has expired.
 */
export class AuthRepository {
  constructor(
    readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  // ---- users ----

  /**
   * A new user. The email guard is written first with `attribute_not_exists`, so a second user
   * with the same email fails with `auth.email-taken` before anything else is written.
   */
  async createUser(user: NewUser): Promise<UserRecord> {
    const email = user.email.trim().toLowerCase();
    const guard = emailGuardKey(email);
    const now = this.clock().getTime();
    const claimed = await this.put(
      { ...guard, userId: user.userId, createdAt: now },
      'attribute_not_exists(pk)',
    );
    if (!claimed) {
      const existing = await this.getItem(guard);
      // The same call retried finds its own guard; a guard a crash left alone is taken over.
      const mine = existing?.userId === user.userId;
      if (!mine && !(existing && (await this.takeOverOrphanGuard(existing, user.userId, now)))) {
        throw new AppError('conflict', 'auth.email-taken');
      }
    }
    const record: UserRecord = { ...user, email };
    if (!(await this.put({ ...userKey(user.userId), ...record }, 'attribute_not_exists(pk)'))) {
      throw new AppError('conflict', 'general.conflict', { userId: user.userId });
    }
    return record;
  }

  private async takeOverOrphanGuard(guard: Record<string, unknown>, userId: string, now: number) {
    const owner = guard.userId as string;
    if (!((guard.createdAt as number) < now - ORPHAN_GUARD_MS) || (await this.getUser(owner))) return false;
    return this.put({ pk: guard.pk, sk: guard.sk, userId, createdAt: now }, '#u = :old', {
      names: { '#u': 'userId' },
      values: { ':old': owner },
    });
  }

  async getUser(userId: string): Promise<UserRecord | undefined> {
    const item = await this.getItem(userKey(userId));
    return item ? strip<UserRecord>(item) : undefined;
  }

  async getUserByEmail(email: string): Promise<UserRecord | undefined> {
    const guard = await this.getItem(emailGuardKey(email));
    if (!guard) return undefined;
    const user = await this.getUser(guard.userId as string);
    return user && user.email === email.trim().toLowerCase() ? user : undefined;
  }

  async updateUser(userId: string, patch: UserPatch): Promise<UserRecord> {
    if (Object.keys(patch).length === 0) return this.mustExist(await this.getUser(userId));
    const item = await patchItem(this.db, userKey(userId), patch, ['userId', 'email']);
    return strip<UserRecord>(this.mustExist(item));
  }

  // ---- accounts ----

  async putAccount(account: Account): Promise<void> {
    await this.db.doc.send(
      new PutCommand({
        TableName: this.db.tableName,
        Item: {
          ...account,
          ...accountKey(account.accountId),
          gsi2pk: ACCOUNTS_PK,
          gsi2sk: account.accountId,
        },
      }),
    );
  }

  async getAccount(accountId: string): Promise<Account | undefined> {
    const item = await this.getItem(accountKey(accountId));
    return item ? strip<Account>(item) : undefined;
  }

  /** Changes an account; a new business name is copied to its memberships (in order, idempotent). */
  async updateAccount(accountId: string, patch: AccountPatch): Promise<Account> {
    if (Object.keys(patch).length === 0) return this.mustExist(await this.getAccount(accountId));
    // The settings are nearly all of the account's item (canned responses, the blocklist).
    assertFitsOneRecord('account', patch);
    const account = strip<Account>(
      this.mustExist(await patchItem(this.db, accountKey(accountId), patch, ['accountId'])),
    );
    if (patch.businessName !== undefined) {
      for (const m of await this.listMembersOfAccount(accountId)) {
        if (m.businessName !== patch.businessName) {
          await patchItem(
            this.db,
            membershipKey(m.userId, accountId),
            { businessName: patch.businessName },
            [],
          );
        }
      }
    }
    return account;
  }

  /** Every account (gsi2 partition `ACCOUNTS`), for work that visits all of them. */
  async listAccounts(): Promise<Account[]> {
    const items = await queryAll(this.db, {
      TableName: this.db.tableName,
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': ACCOUNTS_PK },
    });
    return items.map((i) => strip<Account>(i));
  }

  // ---- memberships ----

  async putMembership(m: MembershipRecord): Promise<void> {
    const record: MembershipRecord = {
      userId: m.userId,
      accountId: m.accountId,
      roles: m.roles,
      deactivated: m.deactivated,
      businessName: m.businessName,
    };
    await this.db.doc.send(
      new PutCommand({
        TableName: this.db.tableName,
        Item: {
          ...record,
          ...membershipKey(m.userId, m.accountId),
          gsi2pk: membersPk(m.accountId),
          gsi2sk: m.userId,
        },
      }),
    );
  }

  async getMembership(userId: string, accountId: string): Promise<MembershipRecord | undefined> {
    const item = await this.getItem(membershipKey(userId, accountId));
    return item ? strip<MembershipRecord>(item) : undefined;
  }

  /** The accounts a user belongs to (deactivated ones included). */
  async listMembershipsOfUser(userId: string): Promise<MembershipRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :m)',
      ExpressionAttributeValues: { ':pk': userKey(userId).pk, ':m': MEMBERSHIP_PREFIX },
      ConsistentRead: true,
    });
    return items.map((i) => strip<MembershipRecord>(i));
  }

  /** The users of an account (deactivated ones included), through gsi2. */
  async listMembersOfAccount(accountId: string): Promise<MembershipRecord[]> {
    const items = await queryAll(this.db, {
      TableName: this.db.tableName,
      IndexName: GSI2,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': membersPk(accountId) },
    });
    return items.map((i) => strip<MembershipRecord>(i));
  }

  // ---- sessions ----

  async createSession(s: SessionRecord): Promise<void> {
    await this.db.doc.send(
      new PutCommand({
        TableName: this.db.tableName,
        Item: {
          ...sessionKey(s.tokenHash),
          tokenHash: s.tokenHash,
          userId: s.userId,
          accountId: s.accountId,
          expiresAt: ttlSeconds(s.expiresAt),
          expiresAtMs: s.expiresAt.getTime(),
        },
      }),
    );
  }

  /** The session, or undefined when there is none or it has expired. */
  async getSession(tokenHash: string, now: Date = this.clock()): Promise<SessionRecord | undefined> {
    const item = await this.getItem(sessionKey(tokenHash));
    if (!item || expired(item, now)) return undefined;
    return {
      tokenHash: item.tokenHash as string,
      userId: item.userId as string,
      accountId: item.accountId as string,
      expiresAt: new Date(item.expiresAtMs as number),
    };
  }

  async setSessionAccount(tokenHash: string, accountId: string): Promise<void> {
    this.mustExist(await patchItem(this.db, sessionKey(tokenHash), { accountId }, ['tokenHash', 'userId']));
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.doc.send(new DeleteCommand({ TableName: this.db.tableName, Key: sessionKey(tokenHash) }));
  }

  // ---- one-time tokens ----

  /**
   * Stores a one-time token; with `also` (the outbox item of the mail that carries it), both in one
   * transaction, so the token exists exactly when its mail is due.
   */
  async createToken(t: TokenRecord, also: TransactItem[] = []): Promise<void> {
    const owner = t.kind === 'invite' ? { accountId: t.accountId, email: t.email } : { userId: t.userId };
    const Item = {
      ...tokenKey(t.tokenHash, t.kind),
      tokenHash: t.tokenHash,
      kind: t.kind,
      ...owner,
      createdAtMs: t.createdAt.getTime(),
      expiresAt: ttlSeconds(t.expiresAt),
      expiresAtMs: t.expiresAt.getTime(),
    };
    if (also.length === 0) {
      await this.db.doc.send(new PutCommand({ TableName: this.db.tableName, Item }));
    } else {
      await transactWrite(this.db, [{ Put: { TableName: this.db.tableName, Item } }, ...also]);
    }
  }

  /**
   * Reads a token without using it, so a request can check everything before it changes
   * anything. Undefined when absent or expired.
   */
  async getToken<K extends TokenKind>(
    tokenHash: string,
    kind: K,
    now: Date = this.clock(),
  ): Promise<TokenOf<K> | undefined> {
    const item = await this.getItem(tokenKey(tokenHash, kind));
    return item && !expired(item, now) ? readToken(item, kind) : undefined;
  }

  /**
   * Uses a token: deletes it on condition that it exists and has not expired, so it works once
   * even when two requests race. Undefined when absent, already used or expired.
   */
  async consumeToken<K extends TokenKind>(
    tokenHash: string,
    kind: K,
    now: Date = this.clock(),
  ): Promise<TokenOf<K> | undefined> {
    try {
      const { Attributes } = await this.db.doc.send(
        new DeleteCommand({
          TableName: this.db.tableName,
          Key: tokenKey(tokenHash, kind),
          ConditionExpression: 'attribute_exists(pk) AND expiresAtMs > :now',
          ExpressionAttributeValues: { ':now': now.getTime() },
          ReturnValues: 'ALL_OLD',
        }),
      );
      return Attributes ? readToken(Attributes, kind) : undefined;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }

  // ---- rate limits ----

  /**
   * Counts one hit in the current fixed window of `key` (one conditional `UpdateItem`); refused
   * once `max` hits are counted, until the window ends.
   */
  async hitRateLimit(
    key: string,
    windowMs: number,
    max: number,
    now: Date,
  ): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const start = Math.floor(now.getTime() / windowMs) * windowMs;
    const end = start + windowMs;
    try {
      await this.db.doc.send(
        new UpdateCommand({
          TableName: this.db.tableName,
          Key: rateKey(key, start),
          UpdateExpression: 'SET #e = if_not_exists(#e, :e) ADD #c :one',
          ConditionExpression: 'attribute_not_exists(pk) OR #c < :max',
          ExpressionAttributeNames: { '#c': 'count', '#e': 'expiresAt' },
          ExpressionAttributeValues: { ':one': 1, ':max': max, ':e': ttlSeconds(end) },
        }),
      );
      return { allowed: true, retryAfterSeconds: 0 };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((end - now.getTime()) / 1000)) };
    }
  }

  // ---- helpers ----

  private async getItem(key: { pk: string; sk: string }) {
    const { Item } = await this.db.doc.send(
      new GetCommand({ TableName: this.db.tableName, Key: key, ConsistentRead: true }),
    );
    return Item;
  }

  /** A conditional put; false when the condition failed. */
  private async put(
    item: Record<string, unknown>,
    condition: string,
    extra: { names?: Record<string, string>; values?: Record<string, unknown> } = {},
  ) {
    try {
      await this.db.doc.send(
        new PutCommand({
          TableName: this.db.tableName,
          Item: item,
          ConditionExpression: condition,
          ...(extra.names ? { ExpressionAttributeNames: extra.names } : {}),
          ...(extra.values ? { ExpressionAttributeValues: extra.values } : {}),
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  private mustExist<T>(value: T | undefined): T {
    if (value === undefined) throw new AppError('not-found', 'general.not-found');
    return value;
  }
}

function readToken<K extends TokenKind>(item: Record<string, unknown>, kind: K): TokenOf<K> {
  const base = {
    tokenHash: item.tokenHash as string,
    createdAt: new Date((item.createdAtMs as number | undefined) ?? 0),
    expiresAt: new Date(item.expiresAtMs as number),
  };
  const token: TokenRecord =
    kind === 'invite'
      ? { ...base, kind: 'invite', accountId: item.accountId as string, email: item.email as string }
      : { ...base, kind: kind as 'verify' | 'reset', userId: item.userId as string };
  return token as TokenOf<K>;
}

const expired = (item: Record<string, unknown>, now: Date) =>
  typeof item.expiresAtMs === 'number' && item.expiresAtMs <= now.getTime();
