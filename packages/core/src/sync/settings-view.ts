import type { Actor } from '../access/model.ts';
import { canNavigate } from '../access/routes.ts';
import type { AccountSettings, GuardedSetting, VisibleSettings } from '../accounts/schema.ts';

/**
 * Account settings that only some screens read, and those screens: a member's `GET /api/me`
 * carries one when they may open one of its routes, as sync sends an entity type (`syncNeeds`).
 * Every other setting (currency, job duration, prefixes...) is read across the app and goes to all.
 */
export const settingNeeds = {
  // Email settings (spec 000 section 2.3: Owner and Admin).
  emailAPI: ['email-settings'],
  customReplyTo: ['email-settings'],
  // The blocklist's screen, and those who send messages: their device's run of `notifications.send`
  // keeps a message to a blocked address as failed, as the server does.
  ignoredEmails: ['email-settings', 'customers', 'inbox'],
  // The snippets' screen, and the message form of the customer thread and the inbox.
  cannedResponses: ['canned-responses', 'customers', 'inbox'],
} as const satisfies Record<GuardedSetting, readonly string[]>;

/**
 * The settings `actor` may be sent. The subscription is left out, as sync leaves it out
 * (`viewFor`): a lapsed trial closes screens for a while, not the business's own settings.
 */
export function visibleSettings(actor: Actor, settings: AccountSettings): VisibleSettings {
  const subscribed: Actor = { ...actor, subscription: 'subscribed' };
  const visible: VisibleSettings = { ...settings };
  for (const [field, routes] of Object.entries(settingNeeds) as [GuardedSetting, readonly string[]][]) {
    if (!routes.some((route) => canNavigate(subscribed, route).ok)) delete visible[field];
  }
  return visible;
}
