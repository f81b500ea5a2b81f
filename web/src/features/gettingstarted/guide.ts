/**
 * The getting-started guide: the product's everyday tasks in the order a new business meets
 * them, each naming the screen where it is done (a route-table name and its path). A person sees
 * only the tasks whose screen their roles and plan open, so a Worker's guide is about their day.
 */
export interface GuideTask {
  id: string;
  route: string;
  path: string;
}
export interface GuideSection {
  id: string;
  tasks: GuideTask[];
}

export const guide: GuideSection[] = [
  {
    id: 'set-up',
    tasks: [
      { id: 'business-details', route: 'account', path: '/account' },
      { id: 'services', route: 'services', path: '/services' },
      { id: 'team', route: 'users', path: '/users' },
    ],
  },
  {
    id: 'customers',
    tasks: [
      { id: 'add-customer', route: 'customers', path: '/customers' },
      { id: 'rounds', route: 'rounds', path: '/rounds' },
      { id: 'quotes', route: 'quotes', path: '/quotes' },
    ],
  },
  {
    id: 'the-day',
    tasks: [
      { id: 'schedule', route: 'schedule', path: '/schedule' },
      { id: 'my-work', route: 'mywork', path: '/mywork' },
      { id: 'day-pilot', route: 'day-pilot', path: '/day-pilot' },
    ],
  },
  {
    id: 'paid',
    tasks: [
      { id: 'payments', route: 'payments', path: '/payments' },
      { id: 'owing', route: 'owing', path: '/owing' },
      { id: 'send', route: 'send', path: '/send' },
    ],
  },
  {
    id: 'learn',
    tasks: [{ id: 'training', route: 'training', path: '/training' }],
  },
];
