import { createDb } from '@roundwise/db';
import { handle } from 'hono/aws-lambda';
import { localBilling } from '../adapters/billing.ts';
import { createSmtpMailer } from '../adapters/mailer.ts';
import { createApp } from '../app.ts';
import { settled } from './settled.ts';

/**
 * The API function behind `ANY /api/{proxy+}`. Configuration comes from the stack's environment:
 * the table it is bound to, and SES's SMTP endpoint for mail.
 */
const env = (name: string, fallback?: string) => {
  const value = process.env[name] ?? fallback;
  if (value === undefined) throw new Error(`Missing environment variable ${name}`);
  return value;
};

const app = createApp({
  db: createDb({ tableName: env('TABLE_NAME') }),
  mailer: createSmtpMailer({
    host: env('SMTP_HOST', 'email-smtp.eu-west-2.amazonaws.com'),
    port: Number(env('SMTP_PORT', '587')),
    secure: false,
    auth: process.env.SMTP_USER ? { user: env('SMTP_USER'), pass: env('SMTP_PASSWORD') } : undefined,
    from: env('MAIL_FROM', 'Roundwise <no-reply@roundwise.app>'),
  }),
  // Plan changes are recorded directly until a card provider's adapter is configured.
  billing: localBilling,
  publicUrl: env('PUBLIC_URL', 'https://app.roundwise.app'),
  secureCookies: true,
  // CloudFront sends it with every request (stacks/web.ts): only those are believed about the viewer.
  edgeSecret: process.env.EDGE_SECRET || undefined,
});

// Waits for the command answer records written after the reply (see settled.ts).
export const handler = settled(handle(app));
