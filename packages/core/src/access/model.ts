// No zod here: the web's entry reads this module; the schemas of its words are in schemas.ts.
/** Spec 000 section 6. */
export const Roles = [
  'Owner',
  'Admin',
  'Creator',
  'JobEditor',
  'Planner',
  'Worker',
  'Canvasser',
  'Reporting',
] as const;
export type Role = (typeof Roles)[number];

/** Subscription levels; the drawer and some controls call Advanced 2 and Ultimate 3. */
export const Levels = ['Core', 'Advanced', 'Ultimate'] as const;
export type Level = (typeof Levels)[number];
export const levelRank = (level: Level): number => Levels.indexOf(level) + 1;
export const atLeast = (level: Level, min: Level): boolean => levelRank(level) >= levelRank(min);

/** Spec 000 section 4. `trial` counts as subscribed; `unpaid` and `notSubscribed` do not. */
export const SubscriptionStatuses = ['trial', 'unpaid', 'notSubscribed', 'subscribed'] as const;
export type SubscriptionStatus = (typeof SubscriptionStatuses)[number];
export const isSubscribed = (s: SubscriptionStatus | undefined): boolean =>
  s === 'trial' || s === 'subscribed';

/**
 * Feature flags per account. The spec names these features across its three documents; each
 * flag switches one on. `multiUser` is the spec's "multi-user accounts" condition.
 */
export const FeatureFlags = [
  'timeTracker',
  'pricing',
  'send',
  'blockEditor',
  'availability',
  'balance',
  'marketplaceBuyer',
  'marketplaceSeller',
  'audit',
  'visualPlanner',
  'metadata',
  'transferData',
  'franchise',
  'multiUser',
  /** The inbox's scheduled view (spec 002 section 6). */
  'scheduledMessaging',
  /** Two-way email through the business's own mailbox (spec 002 section 6). */
  'twoWayEmail',
] as const;
export type FeatureFlag = (typeof FeatureFlags)[number];

/**
 * Who is acting, in which account: everything the route table and command access rules read.
 * Built by the server from the session; the web app builds the same from `GET /api/me`.
 */
export interface Actor {
  userId: string;
  email: string;
  accountId: string;
  roles: Role[];
  level: Level;
  subscription: SubscriptionStatus;
  flags: FeatureFlag[];
  developerMode: boolean;
  /**
   * Whether the user's email address is verified (spec 000 sections 5 and 6: sending messages
   * needs it). Absent where no user is behind the actor (the server's own work).
   */
  emailVerified?: boolean;
  /** Account settings the route conditions read (spec 000 section 2.3). */
  settings: AccountAccessSettings;
  /** Roundwise support staff signed in to help (audit route condition). */
  supportUser?: boolean;
  /** This account owns a franchise / is a franchisee (franchise routes). */
  franchiseOwner?: boolean;
  franchisee?: boolean;
}

export interface AccountAccessSettings {
  /** The business address; route optimising starts and ends at its `lngLat` (spec 000 section 5). */
  businessAddress?: { addressDescription?: string; lngLat?: readonly [number, number] };
  showOwingToWorkers?: boolean;
  /** ISO 4217 code the business's money is in (payments recorded and collected). */
  currency?: string;
  servicesAdvanced?: boolean;
  securityAudit?: boolean;
  /** Allowed SMS number prefixes, comma separated (spec 000 section 5). */
  smsMobilePhonePrefixes?: string;
  /** Bulk SMS enabled: campaigns may go by SMS. */
  bulkSms?: boolean;
  /** The availability planner's bar: hours or value (spec 001 `global.availability-bar-type`). */
  availabilityBarType?: 'hours' | 'value';
  /** The email blocklist (spec 002 `global.ignored-emails`): never sent to. */
  ignoredEmails?: readonly string[];
}
