import type { EntityType } from '@roundwise/core';

/**
 * Every key of the single table, built in one place. README.md holds the same scheme as a table
 * of access patterns; keep the two in step.
 */

export const entityPk = (accountId: string, type: EntityType) => `A#${accountId}#${type}`;
/** Change feed partition of an account (gsi1). */
export const feedPk = (accountId: string) => `A#${accountId}`;
/** Change feed sort key: write time, then type and id so keys are unique and stable. */
export const feedSk = (updatedAt: string, type: EntityType, id: string) => `${updatedAt}#${type}#${id}`;
/** Parent lookup partition (gsi2) for types in core's `indexedField`. */
export const parentPk = (accountId: string, type: EntityType, parentValue: string) =>
  `A#${accountId}#${type}#${parentValue}`;

export const userKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'USER' });
export const emailGuardKey = (email: string) => ({ pk: `EMAIL#${email.trim().toLowerCase()}`, sk: 'GUARD' });
export const accountKey = (accountId: string) => ({ pk: `ACCOUNT#${accountId}`, sk: 'ACCOUNT' });
/** gsi2 partition holding every account (for jobs that visit all of them, e.g. backups). */
export const ACCOUNTS_PK = 'ACCOUNTS';
export const MEMBERSHIP_PREFIX = 'M#';
export const membershipKey = (userId: string, accountId: string) => ({
  pk: `USER#${userId}`,
  sk: `${MEMBERSHIP_PREFIX}${accountId}`,
});
export const membersPk = (accountId: string) => `A#${accountId}#MEMBERS`;
export const sessionKey = (tokenHash: string) => ({ pk: `SESSION#${tokenHash}`, sk: 'SESSION' });
export const tokenKey = (tokenHash: string, kind: string) => ({ pk: `TOKEN#${tokenHash}`, sk: kind });
export const rateKey = (key: string, windowStart: number) => ({ pk: `RATE#${key}`, sk: String(windowStart) });
export const commandKey = (accountId: string, commandId: string) => ({
  pk: `A#${accountId}#CMD`,
  sk: commandId,
});
/** An effect waiting to be delivered, or delivered (functions/src/effects). */
/** The token of a message's public links (`/go/m/{token}`, `/go/u/{token}`), kept in its account. */
export const messageTokenKey = (accountId: string, notificationId: string) => ({
  pk: `A#${accountId}#MSGLINK`,
  sk: notificationId,
});
export const outboxKey = (effectId: string) => ({ pk: `OUTBOX#${effectId}`, sk: 'OUTBOX' });
/** A public link by its server-issued token: its account, kind and record (public-links.ts). */
export const publicLinkKey = (token: string) => ({ pk: `LINK#${token}`, sk: 'LINK' });
/** gsi2 partition of the effects not yet delivered (the sweep reads it), by creation time. */
export const OUTBOX_PENDING_PK = 'OUTBOX';

/** DynamoDB TTL wants epoch seconds; round up so an item never disappears before it expires. */
export const ttlSeconds = (at: Date | number) =>
  Math.ceil((typeof at === 'number' ? at : at.getTime()) / 1000);

/** Sync snapshots of an account: the manifest (`CURRENT`), the chunks (`<snapshotId>#<index>`) and sections. */
export const snapshotPk = (accountId: string) => `A#${accountId}#SNAPSHOT`;
export const SNAPSHOT_MANIFEST_SK = 'CURRENT';
export const snapshotChunkSk = (snapshotId: string, index: number) =>
  `${snapshotId}#${String(index).padStart(5, '0')}`;
/** An account's invitations, one per address invited (`sk` = the lower-cased address). */
export const invitationKey = (accountId: string, email: string) => ({
  pk: `A#${accountId}#INVITES`,
  sk: email.trim().toLowerCase(),
});
export const invitationsPk = (accountId: string) => `A#${accountId}#INVITES`;
/** gsi2 partition of the invitations sent to one address, across accounts. */
export const invitedPk = (email: string) => `INVITED#${email.trim().toLowerCase()}`;
/** The sections of one snapshot (which chunks hold which type, projection or scope partition). */
export const snapshotSectionsSk = (snapshotId: string) => `${snapshotId}#sections`;
/** An account's audit log, newest last in key order (`sk` = `<timestamp>#<entry id>`). */
export const auditPk = (accountId: string) => `A#${accountId}#AUDIT`;
export const auditSk = (timestamp: string, id: string) => `${timestamp}#${id}`;
/** A per-account sequence (`sk` = its name, e.g. `invoice`): the last number given. */
export const counterKey = (accountId: string, name: string) => ({ pk: `A#${accountId}#COUNTER`, sk: name });
/** An account's restore jobs (`sk` = the job id) and the lock one running restore holds (`sk` = `RUNNING`). */
export const restoresPk = (accountId: string) => `A#${accountId}#RESTORE`;
export const restoreJobKey = (accountId: string, jobId: string) => ({ pk: restoresPk(accountId), sk: jobId });
export const restoreLockKey = (accountId: string) => ({ pk: restoresPk(accountId), sk: 'RUNNING' });
/** Where an account's status pull from one payment provider got to (the provider's clock). */
export const providerCursorKey = (accountId: string, provider: string) => ({
  pk: `A#${accountId}#PROVIDERPULL`,
  sk: provider,
});
/** The token of a customer's payment links (`/go/p`, `/go/a`), kept in their account. */
export const customerTokenKey = (accountId: string, customerId: string) => ({
  pk: `A#${accountId}#PAYLINK`,
  sk: customerId,
});
/** A portal's URL handle, across accounts: which account it is (portal.ts). */
export const portalHandleKey = (handle: string) => ({ pk: `HANDLE#${handle}`, sk: 'HANDLE' });
/** The sign-in code last sent to one contact of one account's portal (portal.ts). */
export const portalCodeKey = (accountId: string, contact: string) => ({
  pk: `A#${accountId}#PCODE`,
  sk: contact,
});
/** A customer's portal session, by the SHA-256 of its token (portal.ts). */
export const portalSessionKey = (tokenHash: string) => ({ pk: `PSESSION#${tokenHash}`, sk: 'PSESSION' });
/** One hour of one portal's counters: page views and widget events (portal-counters.ts). */
export const portalCountersKey = (accountId: string, hour: string) => ({
  pk: `A#${accountId}#PSTATS`,
  sk: hour,
});

/**
 * gsi2 partition of an account's portal leads (customers core's `Portal.isLead` counts), sorted by
 * `leadSk`: the analytics read one period's leads without the rest of the customers.
 */
export const leadsPk = (accountId: string) => `A#${accountId}#LEADS`;
export const leadSk = (createdDate: string, customerId: string) => `${createdDate}#${customerId}`;

/** A business's own mailbox (two-way email) and its per-folder UID cursors (`src/mailboxes.ts`). */
export const mailboxPk = (accountId: string) => `A#${accountId}#MAILBOX`;
export const mailboxKey = (accountId: string) => ({ pk: mailboxPk(accountId), sk: 'MAILBOX' });
/** A reply token of a two-way mail (its Reply-To), kept apart from the mailbox: it outlives a disconnect. */
export const replyTokenKey = (accountId: string, token: string) => ({
  pk: `A#${accountId}#REPLYTOKEN`,
  sk: token,
});
export const mailboxCursorKey = (accountId: string, folder: string) => ({
  pk: mailboxPk(accountId),
  sk: `CURSOR#${folder}`,
});
export const MAILBOXES_PK = 'MAILBOXES';
/** A business's HMRC connection (its OAuth tokens, sealed), server-only (functions/src/vat). */
export const hmrcConnectionKey = (accountId: string) => ({ pk: `A#${accountId}#HMRC`, sk: 'CONNECTION' });
/** An OAuth `state` handed to HMRC's authorize page: which account and user asked, until it expires. */
export const hmrcStateKey = (stateHash: string) => ({ pk: `HMRCSTATE#${stateHash}`, sk: 'STATE' });
/** The deployment's one HMRC throttle: the times of its last grants. */
export const HMRC_THROTTLE_KEY = { pk: 'HMRC#THROTTLE', sk: 'THROTTLE' } as const;
