import { defineArea } from '../define-area.ts';

/** Bulk price changes (spec 002 section 2.6, root `pricing`): Owner and Admin with the pricing feature. */
export const area = defineArea({
  name: 'pricing',
  entities: [{ type: 'price-change', sync: [{ routes: ['pricing'] }] }],
  routes: [
    {
      name: 'pricing',
      path: 'pricing/*',
      section: 'billing',
      roles: ['Owner', 'Admin'],
      flagsAll: ['pricing'],
    },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
  effects: ['pricing.apply-scheduled'],
});
