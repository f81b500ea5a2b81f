import { defineArea } from '../define-area.ts';

/**
 * The VAT returns (Making Tax Digital, spec 001 section 2.7's `vat-returns`, `submissions`,
 * `test-headers` under `balance/*`): its screens are the balance route's, so it has no rows of its
 * own; its records go to whoever keeps the books.
 */
export const area = defineArea({
  name: 'vat',
  entities: [
    { type: 'vatSettings', sync: [{ routes: ['balance'] }] },
    { type: 'vatReturn', sync: [{ routes: ['balance'] }] },
  ],
  commands: (): Promise<object> => import('./commands.ts'),
  effects: ['vat.submit-return'],
});
