import { z } from 'zod';

/**
 * The business's own mailbox (spec 002 sections 2.1 and 3, "Mail server settings"): how to reach
 * its SMTP and IMAP servers. `secure` is TLS from the first byte (465, 993); off, the connection
 * must upgrade with STARTTLS before the password is sent (587, 143).
 */
export const MailServer = z.object({
  auth: z.object({
    user: z.string().trim().min(1, 'email-engine.user-required').max(320),
    pass: z.string().min(1, 'email-engine.pass-required').max(500),
  }),
  host: z
    .string()
    .trim()
    .min(1, 'email-engine.host-required')
    .max(253)
    .regex(/^[A-Za-z0-9.-]+$/, 'email-engine.host-invalid'),
  port: z.coerce
    .number({ error: 'email-engine.port-numeric' })
    .int('email-engine.port-numeric')
    .min(1, 'email-engine.port-numeric')
    .max(65535, 'email-engine.port-numeric'),
  secure: z.boolean().default(true),
});
export type MailServer = z.infer<typeof MailServer>;

/** `POST /api/email-engine/verify-account` and `POST /api/email-engine/account`: either or both. */
export const MailServers = z.object({ smtp: MailServer.optional(), imap: MailServer.optional() });
export type MailServers = z.infer<typeof MailServers>;

/** One protocol's answer of `verify-account` (spec 002 section 7). */
export interface VerifyResult {
  success: boolean;
  /** Our message key: `email-engine.auth-failed`, `email-engine.host-not-found`... */
  error?: string;
  /** What the server itself said (shown in bold red). */
  responseText?: string;
}

/** A field the server's answer points at, shown under the matching input. */
export interface FieldError {
  key: 'user' | 'pass' | 'host' | 'port' | 'secure';
  message: string;
}

/** Spec 002 section 5: the ports the forms start with and hint at. */
export const DEFAULT_PORTS = { smtp: 465, smtpStartTls: 587, imap: 993, imapStartTls: 143 } as const;

/** Spec 002 section 4: two-way (`email-engine`) only once both protocols verify. */
export const TWO_WAY = 'email-engine' as const;
export const ONE_WAY = 'squeegee-smtp' as const;

/** Where a mailbox stands, as `GET /api/email-engine/account` answers it. */
export const MailboxState = z.enum([
  'connecting',
  'connected',
  'authenticationError',
  'connectError',
  'disconnected',
]);
export type MailboxState = z.infer<typeof MailboxState>;
