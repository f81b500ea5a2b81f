import type {
  AuditLog,
  AuthRepository,
  CommandRecords,
  Counters,
  Db,
  InvitationRepository,
  Mailboxes,
  Outbox,
} from '@roundwise/db';
import type { AttachmentBucket } from './attachments/bucket.ts';
import type { BackupBucket } from './backups/backup-files.ts';
import type { BankDataProvider } from './banking/provider.ts';
import type { BillingAdapter, EffectQueue, LocalMailServers, Mailer, SmsProvider } from './deps.ts';
import type { PaymentProvider } from './payments/providers/provider.ts';
import type { PhotoProvider } from './photos/provider.ts';
import type { PlacesProvider } from './places/provider.ts';
import type { TrainingProvider } from './training/provider.ts';
import type { HmrcConfig } from './vat/hmrc.ts';

/** What server operations share: storage, mail, billing, the clock and the public URL. */
export interface Deps {
  db: Db;
  auth: AuthRepository;
  /** Command records: each command's answer (commands/run-command.ts). */
  records: CommandRecords;
  /** Effects written with the state that asked for them, until delivered (effects/). */
  outbox: Outbox;
  /** Every account's audit log (audit/). */
  audit: AuditLog;
  /** Per-account sequences: invoice numbers (payments/number-invoice.ts). */
  counters: Counters;
  effects: EffectQueue;
  /** Whether an effect kind has a handler (`functions/src/areas.ts`): a command may emit only those. */
  handlesEffect: (kind: string) => boolean;
  invitations: InvitationRepository;
  mailer: Mailer;
  billing: BillingAdapter;
  sms: SmsProvider;
  /** The card and direct-debit providers this deployment can connect (payments/providers). */
  paymentProviders: readonly PaymentProvider[];
  webhookSecret: string | undefined;
  publicUrl: string;
  now: () => Date;
  snapshotDelayMs: number;
  edgeSecret: string | undefined;
  backups: BackupBucket | undefined;
  attachments: AttachmentBucket | undefined;
  photos: PhotoProvider;
  training: TrainingProvider;
  /** Where the remote-support script loads from; none: the switch is not offered. */
  remoteSupportScriptUrl: string | undefined;
  /** Address search, the basemap and road routes (places/). */
  places: PlacesProvider;
  /** The businesses' own mailboxes (two-way email, `email-engine/`). */
  mailboxes: Mailboxes;
  mailboxSecret: string | undefined;
  localMailServers: LocalMailServers | undefined;
  /** HMRC's VAT API (Making Tax Digital, `vat/`); none: VAT returns cannot be filed. */
  hmrc: HmrcConfig | undefined;
  /** The open-banking data provider (banking/); none: banks cannot be connected. */
  bankData: BankDataProvider | undefined;
}

/** A send the provider refused for good (a 4xx): not tried again. Others are retried. */
export class PermanentSendError extends Error {}

export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);
export const addHours = (d: Date, hours: number) => new Date(d.getTime() + hours * 3_600_000);
