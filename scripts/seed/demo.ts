import { AuthRepository, type Db } from '@roundwise/db';
import { defaultAccountId, defaultOwner, seedAccount } from './load.ts';

/**
 * The demo business `npm start` seeds on its first start: "Sparkle Window Cleaning" at the demo
 * scale, dated today. Signs in as `owner@demo.roundwise.local` / `demo-password` (also
 * `admin@...` and `worker@...` with the same password). Safe to call again: an existing demo
 * account is left as it is.
 */
export async function seedDemo({ db }: { db: Db }): Promise<{ email: string; password: string }> {
  const owner = defaultOwner('demo');
  const login = { email: owner.email, password: owner.password };
  if (await new AuthRepository(db).getAccount(defaultAccountId('demo'))) return login;
  await seedAccount(db, { scale: 'demo', owner });
  return login;
}
