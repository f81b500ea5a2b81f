import { defineArea } from '../define-area.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'quotes',
  entities: [
    { type: 'quote', parent: 'customerId', sync: [{ routes: ['quotes', 'customers', 'rounds:pending'] }] },
    // The settings the quotes screens read: defaults, prefix, templates, contact details, zone.
    { type: 'quoteSettings', sync: [{ routes: ['quotes'] }] },
  ],
  routes: [
    {
      name: 'quotes',
      path: 'quotes',
      section: 'customers',
      minLevel: 'Core',
      roles: ['Owner', 'Admin', 'Creator'],
    },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
});
