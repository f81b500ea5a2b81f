import { defineArea } from '../define-area.ts';

/**
 * The business's own mailbox (two-way email, spec 002 section 2.1). Nothing of it is synced: the
 * connection and its credentials stay on the server; the replies it receives are the
 * notifications area's `EmailReply` messages.
 */
export const area = defineArea({ name: 'email-engine', entities: [] });
