import type { Mail } from '../deps.ts';
import { registerEffect } from './registry.ts';

/**
 * The `mail` effect: its payload is the mail. The effect id is the mail's Message-ID, so a
 * delivery repeated after a crash between the SMTP server's acceptance and the effect being
 * marked done sends the same message again, which mailboxes that collapse one Message-ID keep once.
 */
registerEffect('mail', (s, effect) =>
  s.mailer.send({ ...(effect.payload as unknown as Mail), id: effect.id }),
);
