import { type Account, AccountSettings, type Actor, FeatureFlags } from '@roundwise/core';
import { CENTRE } from './data.ts';

export interface AccountOwner {
  email: string;
  name: string;
  businessName: string;
}

/**
 * A subscribed Ultimate account with every feature on: the whole product can be shown. The
 * business works from the town centre.
 */
export function accountFor(accountId: string, owner: AccountOwner, createdDate: string): Account {
  return {
    accountId,
    businessName: owner.businessName,
    dataEmail: owner.email,
    dataOwnerName: owner.name,
    level: 'Ultimate',
    subscription: 'subscribed',
    flags: [...FeatureFlags],
    settings: AccountSettings.parse({
      language: 'en-GB',
      currency: 'GBP',
      defaultJobDuration: 30,
      smsMobilePhonePrefixes: '07,+447',
      businessAddress: { addressDescription: CENTRE.address, lngLat: [CENTRE.lng, CENTRE.lat] },
      invoiceSettings: { email: owner.email, phone: '01632 960000', website: 'https://example.com' },
      showOwingToWorkers: true,
      servicesAdvanced: true,
      securityAudit: true,
    }),
    createdDate,
  };
}

/** The account's Owner as the commands see them (what the server builds from a session). */
export function ownerActor(account: Account, userId: string): Actor {
  return {
    userId,
    email: account.dataEmail,
    accountId: account.accountId,
    roles: ['Owner'],
    level: account.level,
    subscription: account.subscription,
    flags: account.flags,
    developerMode: false,
    settings: account.settings,
  };
}
