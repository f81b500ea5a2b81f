import type { EffectHandler } from '../define-area.ts';
import { defineServerArea } from '../define-area.ts';
import type { Mail } from '../deps.ts';

/**
 * The `mail` effect: its payload is the mail. The effect id is the mail's Message-ID, so a
 * delivery repeated after a crash between the SMTP server's acceptance and the effect being
 * marked done sends the same message again, which mailboxes that collapse one Message-ID keep once.
 */
export function deliverMail(...[s, effect]: Parameters<EffectHandler>): Promise<void> {
  return s.mailer.send({ ...(effect.payload as unknown as Mail), id: effect.id });
}

/** Mail is not an area's: every area that writes to people sends it (`mails.ts` of each). */
export const area = defineServerArea({ name: 'mail', effects: () => ({ mail: deliverMail }) });
