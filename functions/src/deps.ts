import type { Level } from '@roundwise/core';
import type { Db } from '@roundwise/db';
import type { AttachmentBucket } from './attachments/bucket.ts';
import type { BackupBucket } from './backups/backup-files.ts';
import type { BankDataProvider } from './banking/provider.ts';
import type { PaymentProvider } from './payments/providers/provider.ts';
import type { PhotoProvider } from './photos/provider.ts';
import type { PlacesProvider } from './places/provider.ts';
import type { TrainingProvider } from './training/provider.ts';
import type { HmrcConfig } from './vat/hmrc.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** The sender's name (a customer's mail comes from the business); the address stays the service's. */
  fromName?: string;
  /** Extra headers (a message to a customer carries its delivery id, which callbacks quote back). */
  headers?: Record<string, string>;
}

/** Outgoing mail: nodemailer over SMTP (the local sink) or SES's SMTP endpoint in production. */
export interface Mailer {
  /** `id`: the mail's own id, sent as its Message-ID (the same mail sent again has the same one). */
  send(mail: Mail & { id?: string }): Promise<void>;
  /** Closes connections it keeps open (a pooled SMTP mailer). */
  close?(): void;
}

/** Chooses the subscription level. The local adapter activates at once; a real one redirects to checkout. */
export interface BillingAdapter {
  subscribe(input: {
    accountId: string;
    level: Level;
  }): Promise<{ status: 'active' | 'pending'; checkoutUrl?: string }>;
  /** Charges a credit purchase; `key` is its idempotency key (the same key is charged once). */
  chargeCredits(input: {
    accountId: string;
    quantity: number;
    total: number;
    key: string;
  }): Promise<CreditCharge>;
}

/**
 * Outgoing SMS through an HTTP provider (functions/src/notifications/sms-provider.ts). `key` is the
 * idempotency key: the provider sends one message per key, whatever the number of calls.
 */
export interface SmsProvider {
  send(message: { to: string; body: string; key: string }): Promise<{ id: string }>;
}

/** What the billing provider answers for a credit purchase (charged once per `key`). */
export interface CreditCharge {
  status: 'paid' | 'failed';
  error?: string;
}

/** The local runtime's sink providers, for the dev pages. */
export interface DevSinks {
  /** A customer's reply to the message sent under `deliveryId`, through the provider's webhook. */
  reply(type: 'Email' | 'SMS', deliveryId: string, from: string, text: string): Promise<void>;
  /** The SMS the local provider took. */
  sms(): unknown[];
  /** The simulated payment providers (scripts/local/payment-simulator.ts). */
  payments?: Record<'directDebit' | 'card', DevPaymentSimulator>;
  /** The local IMAP server: a new mailbox for a test's business, and a mail put in one's INBOX. */
  mailboxes?: {
    add(): Promise<{ user: string; pass: string }>;
    deliver(user: string, raw: string): Promise<void>;
    /** The envelopes in a mailbox's INBOX (what a customer received from the business). */
    messages(user: string): Promise<{ messageId: string; from: string; replyTo: string; subject: string }[]>;
  };
}

/** What the dev endpoints use of a payment simulator: its clock, a payment's fate, its webhooks. */
export interface DevPaymentSimulator {
  advance(ms: number): Promise<void>;
  plan(paymentId: string, outcome: 'paid' | 'failure' | 'late-failure' | 'chargeback'): void;
  flush(): Promise<void>;
  payments(): { id: string; metadata: { accountId: string; transactionId: string } }[];
}

/** Hands effects written to the outbox to whatever delivers them (`effects/deliver.ts`). */
export interface EffectQueue {
  send(ids: string[]): Promise<void>;
}

export type HealthCheck = () => Promise<{ ok: boolean; detail?: string }>;

/** Everything the Hono app needs from its surroundings: the local runtime and Lambda both build one. */
export interface AppDeps {
  db: Db;
  mailer: Mailer;
  billing: BillingAdapter;
  /** Outgoing SMS (the local sink provider, a real one in production). Default: none configured. */
  sms?: SmsProvider;
  /** The card and direct-debit providers (the local simulators; the real SDKs in production). */
  paymentProviders?: PaymentProvider[];
  /** Signs provider callbacks (`POST /api/notifications/webhook`); without it no callback is believed. */
  webhookSecret?: string;
  /** Where links in mails point (verification, reset, invitations). */
  publicUrl: string;
  /** `Secure` cookies in production; off on http://localhost. */
  secureCookies: boolean;
  /** Components reported by `GET /api/health`, beside the table itself. */
  health?: Record<string, HealthCheck>;
  /**
   * Local runtime only: how many jobs wait in the dead-letter queue. With it, `GET /api/health`
   * also reports that and the outbox's oldest item.
   */
  deadLetters?: () => Promise<number>;
  /** Local runtime only: the folder of `.eml` files shown at `/dev/mail`. */
  mailDir?: string;
  /** Local runtime only: the sink providers behind `/dev/reply` and `/dev/sms`. */
  devSinks?: DevSinks;
  clock?: () => Date;
  /**
   * How long a requested sync snapshot build waits, so it does not compete with the full load that
   * asked for it (default 5 s; tests use 0).
   */
  snapshotDelayMs?: number;
  /**
   * Where effects written to the outbox go to be delivered (an SQS queue in production and in the
   * local runtime). Default: delivered in this process after the reply (the API's tests).
   */
  effectQueue?: EffectQueue;
  /**
   * The stage's edge secret (Lambda: `EDGE_SECRET`), which CloudFront sends with every request:
   * only requests that carry it are believed about the client's address (api/edge.ts). Unset
   * locally, where nothing is.
   */
  edgeSecret?: string;
  /** The backups bucket (S3; s3rver locally). Without it the backup endpoints answer 503. */
  backups?: BackupBucket;
  /** The attachments bucket (S3; s3rver locally). Without it the attachment endpoints answer 503. */
  attachments?: AttachmentBucket;
  /** The photo search service (settings `PHOTO_API_URL`, `PHOTO_API_KEY`). Default: the bundled pictures. */
  photos?: PhotoProvider;
  /** The training academy's content service (`TRAINING_CONTENT_URL`). Default: the local lesson set. */
  training?: TrainingProvider;
  /** The remote-support script (`REMOTE_SUPPORT_SCRIPT_URL`); locally, the dev routes' stand-in. */
  remoteSupportScriptUrl?: string;
  /** Address search, the basemap and road routes (Amazon Location). Default: the local gazetteer. */
  places?: PlacesProvider;
  /**
   * Seals the businesses' mailbox passwords at rest (the stage's `MAILBOX_SECRET`; the local
   * runtime keeps one in its data folder). Without it two-way email cannot be connected.
   */
  mailboxSecret?: string;
  /**
   * Local runtime and tests only: the certificate of the local IMAP/SMTP servers (self-signed),
   * trusted beside the system's, and mail servers on loopback allowed. Production has neither.
   */
  localMailServers?: LocalMailServers;
  /** HMRC's VAT API: the sandbox, production, or the local simulator (`HMRC_API_URL`...). */
  hmrc?: HmrcConfig;
  /**
   * The open-banking data provider (TrueLayer or Yapily in production). Default: the local bank
   * where cookies are not secure (the local runtime and the tests), none in production.
   */
  bankData?: BankDataProvider;
}

/** The local runtime's mail servers, as the API sees them (see `localMailServers`). */
export interface LocalMailServers {
  ca: string;
  /** Auto-configuration for the local mail domain: its servers are on loopback ports. */
  autoConfig?: {
    domain: string;
    smtp: { server: string; port: number; tls: boolean };
    imap: { server: string; port: number; tls: boolean };
  };
}
