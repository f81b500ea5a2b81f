import type { Role } from './access/model.ts';

/**
 * What a device is sent, derived from the route table: each entity type declares, in its area's
 * `area.ts`, the screens (routes, or `route:tab`) that read it from the offline store, and how
 * much of it they read. A member receives a type when they may open one of its screens
 * (`canNavigate`), and only the records and fields those screens need. A new screen that reads a
 * type offline adds its route there; nothing else decides what reaches a device
 * (docs/architecture.md, "Sync").
 */
export interface SyncNeed {
  /** Route names (`customers`) or a route's tab (`insights:financials`). */
  routes: readonly string[];
  /** Only for members with one of these roles as well (a screen that shows more to some roles). */
  roles?: readonly Role[];
  /** Only these fields of each record (a named projection of the type, see `EntityDecl.projections`). */
  projection?: string;
  /** Only the records this scope gives the member (see `SyncScope`); all records when absent. */
  scope?: SyncScope;
}

/**
 * Record scopes: which records of a type are a member's. Each is decided by the record's own
 * fields (never by another record), so a change to a record is enough to tell who it is for:
 * - `assigned`: visits and jobs whose `assignees` include the member (my work, the day pilot);
 * - `audience`: alerts whose audience is empty (everyone) or names the member's email (spec 000
 *   section 6; Owner, Admin and Creator see every alert, which `viewFor` reads as all records);
 * - `mine`: records addressed to the member by their `userId` (a conflict notice) or `assigneeId`
 *   (a visit's time event), for every role.
 */
export type SyncScope = 'assigned' | 'audience' | 'mine';

/** The schedule's screens, which read the work of every area they show. */
export const WORK = ['schedule', 'alljobs', 'overdue', 'multi-planner', 'dashboard', 'visual-planner'];
/** A member's own work screens. */
export const MY_WORK = ['mywork', 'mywork-item', 'day-pilot'];
