import { Send } from '@roundwise/core';
import type { CampaignNotification } from './campaign-notifications.ts';

export interface SendLogRow {
  notificationId: string;
  customerId: string;
  addressee: string;
  method: 'Email' | 'SMS';
  address: string;
  /** When it was written (published or scheduled). */
  createdDate: string;
  /** When the provider took it, if it has. */
  sentAt: string;
  status: Send.CampaignDeliveryStatus;
}

/** The send log: who was sent what, when, and its status; newest first. */
export function sendLog(notifications: readonly CampaignNotification[]): SendLogRow[] {
  return notifications
    .map((n) => ({
      notificationId: n._id,
      customerId: n.customerId,
      addressee: n.addressee,
      method: n.type === 'SMS' ? ('SMS' as const) : ('Email' as const),
      address: n.address,
      createdDate: n.createdDate,
      sentAt: n.statusHistory.find((e) => e.status === 'sent')?.timestamp ?? '',
      status: Send.campaignStatus(n),
    }))
    .sort((a, b) => b.createdDate.localeCompare(a.createdDate) || a.addressee.localeCompare(b.addressee));
}

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ neutralised (spreadsheet formulas). */
function field(value: string) {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function sendLogCsv(rows: readonly SendLogRow[]): string {
  const head = ['Customer', 'Method', 'Address', 'Created', 'Sent', 'Status', 'Customer id'];
  const lines = rows.map((r) =>
    [r.addressee, r.method, r.address, r.createdDate, r.sentAt, r.status, r.customerId].map(field).join(','),
  );
  return `${[head.join(','), ...lines].join('\r\n')}\r\n`;
}
