import type { Customer } from '../customers/schema.ts';

export type Channel = 'Email' | 'SMS';

type Reachable = Pick<Customer, 'email' | 'mobileNumber' | 'telephoneNumber' | 'contactMethods'>;

/** The number an SMS goes to: the mobile number, else the telephone number (a customer may keep one only). */
export function smsNumberOf(customer: Partial<Reachable>): string {
  return customer.mobileNumber?.trim() || customer.telephoneNumber?.trim() || '';
}

/**
 * The ways a customer may be messaged (spec 000 section 2.6): email and SMS, each only when the
 * customer chose it as a contact method and its address is there. None: no message form, and the
 * server refuses a send (`notification.customer-no-contact-methods`). The server and the web both
 * ask this, so what the form offers is what the server sends.
 */
export function channelsOf(customer: Partial<Reachable>): Channel[] {
  const methods = customer.contactMethods ?? [];
  const channels: Channel[] = [];
  if (customer.email?.trim() && methods.includes('email')) channels.push('Email');
  if (smsNumberOf(customer) && methods.includes('sms')) channels.push('SMS');
  return channels;
}

/** The customer's own address for a channel. */
export function addressOf(customer: Partial<Reachable>, channel: Channel): string {
  return channel === 'Email' ? (customer.email?.trim() ?? '') : smsNumberOf(customer);
}
