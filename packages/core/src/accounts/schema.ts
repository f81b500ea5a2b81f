import { z } from 'zod';
import type { Role } from '../access/model.ts';
import { FeatureFlag, Level, SubscriptionStatus } from '../access/schemas.ts';
import { LngLat } from '../entity.ts';
import { MAX_PUBLIC_RATINGS, PublicRating } from '../visits/ratings.ts';
import { EMAIL_MAX, EMAIL_PATTERN } from './email.ts';

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(
    z.email({ pattern: EMAIL_PATTERN, error: 'auth.email-invalid' }).max(EMAIL_MAX, 'auth.email-invalid'),
  );
/** At least 8 characters: long enough to resist guessing with rate-limited logins. */
export const Password = z.string().min(8, 'auth.password-too-short').max(200, 'auth.password-too-long');

/** Trial length for a new account; the spec names the state, not its length. */
export const TRIAL_DAYS = 14;

export const AccountSettings = z.object({
  language: z.string().default('en-GB'),
  currency: z.string().length(3).default('GBP'),
  /** Minutes; a job's duration defaults to it (spec 000 section 3). */
  defaultJobDuration: z.number().int().min(1).max(1440).default(30),
  smsMobilePhonePrefixes: z.string().max(200).default(''),
  businessAddress: z
    // Where the business's day starts and ends: route optimising begins and ends there.
    .object({ addressDescription: z.string(), lngLat: LngLat.optional() })
    .optional(),
  invoiceSettings: z
    .object({ email: z.string().optional(), phone: z.string().optional(), website: z.string().optional() })
    .default({}),
  showOwingToWorkers: z.boolean().default(false),
  /**
   * Payment providers connected: the direct-debit and the card provider, each
   * with the provider's name and when it was connected. Absent means not connected (the pending
   * screen's `pending.missing-connections` / `pending.no-connected-providers`).
   */
  paymentConnections: z
    .object({
      'direct-debit': z.object({ provider: z.string(), connectedAt: z.string() }).optional(),
      card: z.object({ provider: z.string(), connectedAt: z.string() }).optional(),
    })
    .default({}),
  /** Campaigns may go by SMS (spec 002 section 6: the SMS delivery option is off until enabled). */
  bulkSms: z.boolean().default(false),
  servicesAdvanced: z.boolean().default(false),
  securityAudit: z.boolean().default(false),
  /** The global public ratings setting (spec 001 section 3): the ratings the business published. */
  publicRatings: z.array(PublicRating).max(MAX_PUBLIC_RATINGS).default([]),
  /**
   * Email settings (spec 002 section 3, "Account settings"): the provider (`squeegee-smtp` is the
   * one-way provider; the two-way mailbox comes later), the reply-to address of one-way mail, and
   * the blocklist the spec stores as `global.ignored-emails`.
   */
  emailAPI: z.enum(['squeegee-smtp', 'email-engine', 'custom-smtp']).default('squeegee-smtp'),
  customReplyTo: z.string().max(254).default(''),
  ignoredEmails: z.array(z.string().max(254)).max(5000).default([]),
  /** Spec 001 section 3: the availability planner's bar shows hours or value in pounds (`global.availability-bar-type`). */
  availabilityBarType: z.enum(['hours', 'value']).default('hours'),
  /** Spec 001 section 3, "Canned response": stored as the setting `global.canned-responses`. */
  cannedResponses: z
    .array(
      z.object({
        id: z.string().min(1).max(64),
        title: z.string().trim().min(1).max(200),
        message: z.string().trim().min(1).max(5000),
        tags: z.array(z.string().max(60)).max(50).default([]),
      }),
    )
    .max(500)
    .default([]),
});
export type AccountSettings = z.infer<typeof AccountSettings>;

/**
 * Settings only some screens read: a member's `GET /api/me` carries each only when they may open
 * one of its screens (`settingNeeds`, sync/settings-view.ts).
 */
export type GuardedSetting = 'emailAPI' | 'customReplyTo' | 'ignoredEmails' | 'cannedResponses';
/** The account settings one member is sent: the guarded ones only where their screens are. */
export type VisibleSettings = Omit<AccountSettings, GuardedSetting> &
  Partial<Pick<AccountSettings, GuardedSetting>>;

export const Account = z.object({
  accountId: z.string(),
  businessName: z.string(),
  /** Email of the owner whose data this is (spec's dataEmail). */
  dataEmail: z.string(),
  dataOwnerName: z.string(),
  level: Level,
  subscription: SubscriptionStatus,
  trialEndsAt: z.string().optional(),
  flags: z.array(FeatureFlag),
  settings: AccountSettings,
  createdDate: z.string(),
});
export type Account = z.infer<typeof Account>;

/** A user's personal settings (spec 000 section 2.2). */
export const UserSettings = z.object({
  compactMenusDesktop: z.boolean().default(false),
  compactMenusMobile: z.boolean().default(false),
  hideQuickStart: z.boolean().default(false),
  temperatureUnit: z.enum(['celsius', 'fahrenheit']).default('celsius'),
  landingPage: z.string().max(200).optional(),
});
export type UserSettings = z.infer<typeof UserSettings>;

export interface Membership {
  accountId: string;
  businessName: string;
  roles: Role[];
  deactivated: boolean;
}

/** `GET /api/me`. */
export interface Me {
  user: {
    userId: string;
    email: string;
    name: string;
    emailVerified: boolean;
    developerMode: boolean;
    settings: UserSettings;
  };
  /** The account, with the settings this member's screens read (`visibleSettings`). */
  account: Omit<Account, 'settings'> & { settings: VisibleSettings };
  memberships: Membership[];
  roles: Role[];
  level: Level;
  subscription: SubscriptionStatus;
  flags: FeatureFlag[];
  developerMode: boolean;
}

/** A trial that has run out without a chosen plan counts as not subscribed. */
export function effectiveSubscription(account: Pick<Account, 'subscription' | 'trialEndsAt'>, now: Date) {
  if (account.subscription === 'trial' && account.trialEndsAt && account.trialEndsAt < now.toISOString()) {
    return 'notSubscribed' as const;
  }
  return account.subscription;
}
