import { defineArea } from '../define-area.ts';

/** The area's registration in `areas.ts`: light, so the shell can list every area without its code. */
export const area = defineArea({
  name: 'templates',
  entities: [
    // The send module's templates (the block editor opens only with send's access, as its commands
    // need); a price change's notice is chosen from them too (pricing's Notify).
    { type: 'template', sync: [{ routes: ['send', 'pricing'] }] },
  ],
  routes: [{ name: 'block-editor', path: 'block-editor/{id}', flagsAll: ['blockEditor'] }],
  commands: (): Promise<object> => import('./commands.ts'),
});
