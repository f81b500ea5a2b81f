import {
  AuditLog,
  AuthRepository,
  CommandRecords,
  Counters,
  type Db,
  InvitationRepository,
  Outbox,
} from '@roundwise/db';
import type { AttachmentBucket } from './attachments/bucket.ts';
import type { BackupBucket } from './backups/backup-files.ts';
import type { AppDeps, BillingAdapter, Mailer, SmsProvider } from './deps.ts';
import { type EffectQueue, inProcessEffectQueue } from './effects/queue.ts';
import type { PaymentProvider } from './payments/providers/provider.ts';
import { localPhotos } from './photos/local-photos.ts';
import type { PhotoProvider } from './photos/provider.ts';
import { localPlaces } from './places/local-places.ts';
import type { PlacesProvider } from './places/provider.ts';

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
  /** Address search, the basemap and road routes (places/). */
  places: PlacesProvider;
}

export function createDeps(appDeps: AppDeps): Deps {
  const now = appDeps.clock ?? (() => new Date());
  const deps: Deps = {
    db: appDeps.db,
    auth: new AuthRepository(appDeps.db, now),
    records: new CommandRecords(appDeps.db),
    outbox: new Outbox(appDeps.db),
    audit: new AuditLog(appDeps.db),
    counters: new Counters(appDeps.db),
    effects: appDeps.effectQueue ?? inProcessEffectQueue(() => deps),
    invitations: new InvitationRepository(appDeps.db, now),
    mailer: appDeps.mailer,
    billing: appDeps.billing,
    sms: appDeps.sms ?? noSmsProvider,
    paymentProviders: appDeps.paymentProviders ?? [],
    webhookSecret: appDeps.webhookSecret,
    publicUrl: appDeps.publicUrl.replace(/\/$/, ''),
    now,
    snapshotDelayMs: appDeps.snapshotDelayMs ?? 5000,
    edgeSecret: appDeps.edgeSecret,
    backups: appDeps.backups,
    attachments: appDeps.attachments,
    photos: appDeps.photos ?? localPhotos(appDeps.publicUrl),
    places: appDeps.places ?? localPlaces,
  };
  return deps;
}

/** Where no SMS provider is configured: an SMS fails for good (its credits go back). */
const noSmsProvider: SmsProvider = {
  async send() {
    throw new PermanentSendError('notification.sms-not-configured');
  },
};

/** A send the provider refused for good (a 4xx): not tried again. Others are retried. */
export class PermanentSendError extends Error {}

export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);
export const addHours = (d: Date, hours: number) => new Date(d.getTime() + hours * 3_600_000);
