import { createTransport } from 'nodemailer';
import type { Mailer } from '../deps.ts';

export interface SmtpMailerOptions {
  host: string;
  port: number;
  /** TLS from the first byte (port 465). With `false` the connection upgrades with STARTTLS when offered. */
  secure: boolean;
  /** SMTP credentials (SES SMTP user); when given, the connection must be encrypted before they are sent. */
  auth?: { user: string; pass: string };
  /** The sender, e.g. `Roundwise <no-reply@roundwise.app>`. */
  from: string;
  /**
   * Keep up to 16 connections open and reuse them (a bulk send does not open one per message).
   * The owner then closes the mailer (`close`) to let its process end.
   */
  pool?: boolean;
  /** Certificates to trust beside the system's (the local runtime's self-signed mail servers). */
  tls?: { ca?: string[] };
}

/**
 * Outgoing mail over SMTP with nodemailer: the local runtime's sink and SES's SMTP endpoint in
 * production use this same code.
 */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  // The sending address alone (`Name <address>` or a bare address): a business's mail keeps it
  // (the domain is the one authorised to send) and puts the business's name before it.
  const address = /<([^>]+)>/.exec(options.from)?.[1] ?? options.from;
  const transport = createTransport({
    host: options.host,
    port: options.port,
    secure: options.secure,
    auth: options.auth,
    // Credentials never travel in clear text: insist on STARTTLS when there is something to protect.
    requireTLS: options.auth !== undefined && !options.secure,
    ...(options.pool ? { pool: true, maxConnections: 16, maxMessages: Number.POSITIVE_INFINITY } : {}),
    ...(options.tls ? { tls: options.tls } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    close: () => transport.close(),
    async send(mail) {
      await transport.sendMail({
        // A mail sent again (a repeated delivery of its effect) keeps its Message-ID.
        ...(mail.id ? { messageId: `<${mail.id.replace(/[^A-Za-z0-9._-]/g, '.')}@roundwise>` } : {}),
        from: mail.fromName ? { name: mail.fromName, address } : options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
  };
}
