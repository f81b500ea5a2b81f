import { AppError, type Me } from '@roundwise/core';
import type { Deps } from '../context.ts';
import { loadSigned } from './actor.ts';

/** `GET /api/me` for a session that was just started. */
export async function buildMe(s: Deps, tokenHash: string): Promise<Me> {
  const signed = await loadSigned(s, tokenHash);
  if (!signed) throw new AppError('unauthenticated', 'auth.unauthenticated');
  return signed.me;
}
