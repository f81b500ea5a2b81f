import type { Role } from '../access/model.ts';
import type { EntityType } from '../entity.ts';

/**
 * What a device is sent, derived from the route table: each entity type declares the screens
 * (routes, or `route:tab`) that read it from the offline store, and how much of it they read. A
 * member receives a type when they may open one of its screens (`canNavigate`), and only the
 * records and fields those screens need. A new screen that reads a type offline adds its route
 * here; nothing else decides what reaches a device (docs/architecture.md, "Sync").
 */
export interface SyncNeed {
  /** Route names (`customers`) or a route's tab (`insights:financials`). */
  routes: readonly string[];
  /** Only for members with one of these roles as well (a screen that shows more to some roles). */
  roles?: readonly Role[];
  /** Only these fields of each record (a named projection of the type, see `projections`). */
  projection?: string;
  /** Only the records this scope gives the member (see `scopes`); all records when absent. */
  scope?: SyncScope;
}

/**
 * Record scopes: which records of a type are a member's. Each is decided by the record's own
 * fields (never by another record), so a change to a record is enough to tell who it is for:
 * - `assigned`: visits and jobs whose `assignees` include the member (my work, the day pilot);
 * - `audience`: alerts whose audience is empty (everyone) or names the member's email (spec 000
 *   section 6; Owner, Admin and Creator see every alert, which `viewFor` reads as all records);
 * - `mine`: records addressed to the member by their `userId` (a conflict notice), for every role.
 */
export type SyncScope = 'assigned' | 'audience' | 'mine';

/** Named projections: the fields (besides the meta fields) a screen reads of another area's records. */
export const projections: Partial<Record<EntityType, Record<string, readonly string[]>>> = {
  /**
   * What the work screens show of a customer: who and where, the numbers to ring or text from the
   * door and how to get in (gate code, dog). Not the office's notes, the email or payment details.
   */
  customer: { card: ['name', 'address', 'state', 'mobileNumber', 'telephoneNumber', 'accessDetails'] },
};

const WORK = ['schedule', 'alljobs', 'overdue', 'multi-planner', 'dashboard', 'visual-planner'];
const MY_WORK = ['mywork', 'mywork-item', 'day-pilot'];

/**
 * Per entity type, the screens that read it offline. What the spec makes online-only is not
 * here: the messages of the thread and the inbox (spec 000 section 2.6, "you need to be online to
 * view messages"). The payments screen reads the ledger the owing and customers screens already
 * bring (its "Load more" pages by days on the device, docs/payments.md), and is not a route here:
 * that would send every payment to a Worker whom the account hides owing from.
 * The accounting routes (balance, chart-of-accounts, import-transactions) will declare their own
 * types when they are built.
 */
export const syncNeeds: Record<EntityType, readonly SyncNeed[]> = {
  customer: [
    { routes: ['customers', 'quotes', 'invoices', 'inbox', 'send', 'insights:customers'] },
    {
      routes: [...WORK, ...MY_WORK, 'rounds', 'owing', 'pending', 'canvassing', 'quickstart'],
      projection: 'card',
    },
  ],
  job: [
    { routes: ['customers', 'rounds', 'quotes', 'insights:jobs', ...WORK] },
    // The day pilot shows an Owner the whole day and anyone else their own visits.
    { routes: ['day-pilot'], roles: ['Owner'] },
    { routes: MY_WORK, scope: 'assigned' },
  ],
  visit: [
    { routes: ['customers', 'rounds', 'insights:jobs', ...WORK] },
    { routes: ['day-pilot'], roles: ['Owner'] },
    { routes: MY_WORK, scope: 'assigned' },
  ],
  round: [{ routes: ['customers', 'rounds', 'quotes', 'quickstart', ...WORK, ...MY_WORK] }],
  service: [
    {
      routes: ['services', 'services-advanced', 'customers', 'rounds', 'quotes', ...WORK, ...MY_WORK],
    },
  ],
  transaction: [
    {
      routes: ['customers', 'invoices', 'owing', 'pending', 'expenses', 'dashboard', 'insights:financials'],
    },
  ],
  // They name where payments went, so whoever holds the ledger holds them (the payments screen
  // reads both; a payment is recorded into one from the owing and customer screens).
  paymentAccount: [
    {
      routes: ['customers', 'invoices', 'owing', 'pending', 'expenses', 'dashboard', 'insights:financials'],
    },
  ],
  quote: [{ routes: ['quotes', 'customers', 'rounds:pending'] }],
  // The settings the quotes screens read: defaults, prefix, templates, contact details, zone.
  quoteSettings: [{ routes: ['quotes'] }],
  notification: [{ routes: ['customers'] }],
  // The balance a message's cost is checked against, shown in the inbox and the email settings;
  // the visit screen's "On my way" text spends it too.
  creditBalance: [{ routes: ['customers', 'inbox', 'email-settings', 'mywork', 'day-pilot'] }],
  alert: [{ routes: ['alerts'], scope: 'audience' }],
  team: [{ routes: ['teams', 'users', ...WORK] }],
  // The attachments list and the quotes that show their files (names, sizes: the files themselves
  // are fetched through short-lived links, online).
  attachment: [{ routes: ['attachments', 'quotes'] }],
  // The send module's templates (the block editor opens only with send's access, as its commands need).
  template: [{ routes: ['send'] }],
  // The send screens read audiences and campaigns offline (the audience preview is computed there).
  audience: [{ routes: ['send'] }],
  campaign: [{ routes: ['send'] }],
  // Told wherever its person edits customers, jobs or visits: the shell shows it on every screen.
  conflict: [
    {
      routes: ['customers', 'rounds', ...WORK, ...MY_WORK],
      roles: ['Owner', 'Admin', 'Creator', 'JobEditor', 'Planner', 'Worker'],
      scope: 'mine',
    },
  ],
};

/**
 * The order a device's first load brings the types in: what the first screens show before history
 * and money. The small reference types come first (a page each, and a screen that renders them
 * before the customers arrive does almost nothing), then customers, then the schedule's jobs and
 * the visits (the snapshot puts the newest first: the day's work), then the rest.
 */
export const syncOrder: readonly EntityType[] = [
  'round',
  'service',
  'team',
  'alert',
  'customer',
  'job',
  'visit',
  'quote',
  'quoteSettings',
  'transaction',
  'paymentAccount',
  'notification',
  'conflict',
  'creditBalance',
  'attachment',
  'template',
  'audience',
  'campaign',
];

/**
 * Bumped when the declarations above change what a role receives: every device's view key
 * changes with it, so each reloads what it may now hold and drops the rest.
 */
export const SYNC_NEEDS_VERSION = 5;
