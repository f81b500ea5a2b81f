import type { Access } from './check.ts';

/** The drawer's sections, in the order spec 000 section 2.2 gives them. */
export const DrawerSections = [
  'integrations',
  'franchise',
  'work',
  'customers',
  'send',
  'billing',
  'balance',
  'finance',
  'configure',
  'social',
] as const;
export type DrawerSection = (typeof DrawerSections)[number];

/**
 * A row of the route table of spec 000 section 2.3: a screen and who may open it. An area declares
 * the rows of its screens (`area.ts`, `routes`); `routes.ts` collects them with the shell's own.
 */
export interface RouteDef extends Access {
  /** Stable key, used by the drawer, `canNavigate` and API guards. */
  name: string;
  /** Path shape: `{x}` a segment, `{x?}` an optional one, `*` any rest. */
  path: string;
  /** Drawer section; absent for routes reached only by links or redirects. */
  section?: DrawerSection;
  /** Tabs with rules of their own, beyond the route's. */
  tabs?: Record<string, Access>;
  /** Shows a badge in the drawer (counts come from the web app). */
  badge?: 'unread' | 'adverts' | 'alerts';
}
