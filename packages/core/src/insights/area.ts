import { defineArea } from '../define-area.ts';

const OA = ['Owner', 'Admin'] as const;

/**
 * Insights: figures over time for the Owner and Admin, and the Reporting role's home. It owns no
 * records: its tabs read the customers, visits, transactions and expenses other areas sync to
 * them (their `insights:<tab>` needs); the reports tab is asked of the server (`GET
 * /api/insights/reports`), so a Reporting member's device holds no customer or ledger at all.
 */
export const area = defineArea({
  name: 'insights',
  entities: [],
  routes: [
    {
      name: 'insights',
      path: 'insights/{tab?}',
      section: 'finance',
      roles: ['Owner', 'Admin', 'Reporting'],
      tabs: { reports: {}, customers: { roles: OA }, jobs: { roles: OA }, financials: { roles: OA } },
    },
  ],
});
