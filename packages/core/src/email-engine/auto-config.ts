import { EMAIL_PATTERN } from '../accounts/email.ts';
import { DEFAULT_PORTS } from './schema.ts';

export interface ServerGuess {
  server: string;
  port: number;
  tls: boolean;
}

/**
 * Providers whose servers are not `smtp.`/`imap.` plus the domain, or that want STARTTLS. A
 * small table: the wizard's fields stay editable, so a guess only saves typing.
 */
const KNOWN: Record<string, { smtp: ServerGuess; imap: ServerGuess }> = {
  'gmail.com': {
    smtp: { server: 'smtp.gmail.com', port: 465, tls: true },
    imap: { server: 'imap.gmail.com', port: 993, tls: true },
  },
  'outlook.com': {
    smtp: { server: 'smtp-mail.outlook.com', port: 587, tls: false },
    imap: { server: 'outlook.office365.com', port: 993, tls: true },
  },
  'icloud.com': {
    smtp: { server: 'smtp.mail.me.com', port: 587, tls: false },
    imap: { server: 'imap.mail.me.com', port: 993, tls: true },
  },
  'yahoo.com': {
    smtp: { server: 'smtp.mail.yahoo.com', port: 465, tls: true },
    imap: { server: 'imap.mail.yahoo.com', port: 993, tls: true },
  },
};
const ALIASES: Record<string, string> = {
  'googlemail.com': 'gmail.com',
  'hotmail.com': 'outlook.com',
  'hotmail.co.uk': 'outlook.com',
  'live.com': 'outlook.com',
  'live.co.uk': 'outlook.com',
  'me.com': 'icloud.com',
  'mac.com': 'icloud.com',
  'yahoo.co.uk': 'yahoo.com',
};

/**
 * `GET /api/email-engine/get-auto-mail-server-config?email=` (spec 002 section 7): a known
 * provider's servers, else `smtp.`/`imap.` and the address's domain on the default TLS ports.
 * Undefined for an address that is not valid (the spec asks only for valid ones).
 */
export function autoConfig(email: string): { smtp: ServerGuess; imap: ServerGuess } | undefined {
  const address = email.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(address)) return undefined;
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const known = KNOWN[ALIASES[domain] ?? domain];
  if (known) return known;
  return {
    smtp: { server: `smtp.${domain}`, port: DEFAULT_PORTS.smtp, tls: true },
    imap: { server: `imap.${domain}`, port: DEFAULT_PORTS.imap, tls: true },
  };
}
