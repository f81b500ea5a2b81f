/**
 * Route names that have a screen in this build (the drawer lists only these). A later issue that
 * adds a screen adds its route name here.
 */
export const screensThatExist: ReadonlySet<string> = new Set([
  'about',
  'profile',
  'settings',
  'account',
  'account-subscription',
  'users',
  // Issue 17: backups.
  'backups',
  'teams',
  'alerts',
  'quickstart',
  'rounds',
  'customers',
  'services',
  // Issue 14: quotes.
  'quotes',
  // Issue 4: the schedule screens.
  'dashboard',
  'schedule',
  'alljobs',
  'overdue',
  'mywork',
  'mywork-item',
  'day-pilot',
  'multi-planner',
  // Issue 17: the audit log.
  'audit',
  // Issue 15: payments.
  'owing',
  'pending',
  'payments',
  'invoices',
  // Issue 13: messaging.
  'canned-responses',
  'email-settings',
  'inbox',
  // Issue 14: the attachments library.
  'attachments',
  // Issue 16: the send module (audiences, campaigns; templates).
  'send',
]);
