import type { Customers, Me } from '@roundwise/core';
import { describe, expect, it } from 'vitest';
import { channelsOf, draftError } from './message-form';

const customer = {
  _id: 'c1',
  name: 'Ann',
  email: 'ann@example.com',
  mobileNumber: '07700 900001',
  contactMethods: ['email', 'sms'],
} as unknown as Customers.Customer;
const me = (verified: boolean, prefixes = '') =>
  ({
    user: { emailVerified: verified },
    account: { settings: { smsMobilePhonePrefixes: prefixes } },
  }) as unknown as Me;

describe('the message form rules (spec 000 section 5)', () => {
  it('content must be non-empty after trimming, then a verified email, then an allowed SMS prefix', () => {
    expect(draftError(me(true), customer, 'Email', ' \n ')?.key).toBe('validation.description-required');
    expect(draftError(me(false), customer, 'Email', 'Hi')?.key).toBe(
      'notification.account-email-not-verified-message-sending',
    );
    expect(draftError(me(true, '+44, 075'), customer, 'SMS', 'Hi')).toEqual({
      key: 'notification.account-sms-prefix-not-allowed',
      params: { prefixes: '+44, 075' },
    });
    expect(draftError(me(true, '077'), customer, 'SMS', 'Hi')).toBeUndefined();
    expect(draftError(me(true, '+44'), customer, 'Email', 'Hi')).toBeUndefined();
  });

  it('offers email and SMS only where the customer chose them and has the address', () => {
    expect(channelsOf(customer)).toEqual(['Email', 'SMS']);
    expect(channelsOf({ ...customer, contactMethods: ['sms'] })).toEqual(['SMS']);
    expect(channelsOf({ ...customer, email: '', contactMethods: ['email', 'post'] })).toEqual([]);
  });
});
