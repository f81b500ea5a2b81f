import { area as attachments } from './attachments/area.ts';
import { area as backups } from './backups/area.ts';
import { area as banking } from './banking/area.ts';
import { area as credits } from './credits/area.ts';
import { area as mail } from './effects/mail.ts';
import { area as notifications } from './notifications/area.ts';
import { area as payments } from './payments/area.ts';
import { area as portal } from './portal/area.ts';
import { area as pricing } from './pricing/area.ts';
import { area as vat } from './vat/area.ts';

/**
 * Every area's server part, once (beside core's `areas.ts`): the effects and queue jobs each
 * handles. `effects/registry.ts` and `queue/jobs.ts` read them from here, so the API, the queue
 * worker and the local runtime find the same handlers with no import of their own, and the start
 * fails when a kind a core area declares (`area.ts`, `effects`) has no handler.
 */
export const serverAreas = [
  mail,
  attachments,
  backups,
  credits,
  notifications,
  payments,
  pricing,
  portal,
  vat,
  banking,
];
