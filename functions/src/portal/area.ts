import { defineServerArea, type EffectHandler } from '../define-area.ts';
import { PORTAL_CODE_SMS } from './session.ts';

/** A sign-in code by text: the effect id is the provider's idempotency key, so a repeat sends once. */
export function deliverCodeSms(...[s, effect]: Parameters<EffectHandler>): Promise<void> {
  const { to, body } = effect.payload as { to: string; body: string };
  return s.sms.send({ to, body, key: effect.id }).then(() => undefined);
}

/** The portal's server part: its sign-in codes sent by text (mails go through `mail`). */
export const area = defineServerArea({
  name: 'portal',
  effects: () => ({ [PORTAL_CODE_SMS]: deliverCodeSms }),
});
