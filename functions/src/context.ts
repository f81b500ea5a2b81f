import { AuthRepository, type Db } from '@roundwise/db';
import type { AppDeps, BillingAdapter, Mailer } from './deps.ts';

/** What server operations share: storage, mail, billing, the clock and the public URL. */
export interface Services {
  db: Db;
  auth: AuthRepository;
  mailer: Mailer;
  billing: BillingAdapter;
  publicUrl: string;
  now: () => Date;
  snapshotDelayMs: number;
}

export function createServices(deps: AppDeps): Services {
  const now = deps.clock ?? (() => new Date());
  return {
    db: deps.db,
    auth: new AuthRepository(deps.db, now),
    mailer: deps.mailer,
    billing: deps.billing,
    publicUrl: deps.publicUrl.replace(/\/$/, ''),
    now,
    snapshotDelayMs: deps.snapshotDelayMs ?? 5000,
  };
}

export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);
export const addHours = (d: Date, hours: number) => new Date(d.getTime() + hours * 3_600_000);
