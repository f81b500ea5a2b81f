import { defineArea } from '../define-area.ts';
import { MY_WORK, WORK } from '../sync-need.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'customers',
  entities: [
    {
      type: 'customer',
      sync: [
        {
          routes: [
            'customers',
            'quotes',
            'invoices',
            'inbox',
            'send',
            'insights:customers',
            'balance',
            'chart-of-accounts',
          ],
        },
        {
          routes: [...WORK, ...MY_WORK, 'rounds', 'owing', 'pending', 'canvassing', 'quickstart'],
          projection: 'card',
        },
      ],
      // What the work screens show of a customer: who and where, the numbers to ring or text from
      // the door, the ways they chose to be contacted (the device runs the contact rule,
      // `channelsOf`, on "On my way" before it sends) and how to get in (gate code, dog). Not the
      // office's notes, email or payments.
      projections: {
        card: [
          'name',
          'address',
          'state',
          'mobileNumber',
          'telephoneNumber',
          'contactMethods',
          'accessDetails',
        ],
      },
    },
  ],
  routes: [
    {
      name: 'customers',
      path: 'customers/{customerId?}/{tab?}',
      section: 'customers',
      minLevel: 'Core',
      roles: ['Owner', 'Admin', 'Creator'],
    },
    { name: 'canvassing', path: 'canvassing', section: 'customers', roles: ['Canvasser'] },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
});
