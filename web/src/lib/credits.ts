import { Credits } from '@roundwise/core';
import { useEffect } from 'react';
import { useEntity, useSyncNow } from './sync/hooks';

/** Spec 002 section 9: "Credits refresh every 10 s". */
export const CREDITS_POLL_MS = 10_000;

/**
 * The account's message-credit balance, which the email settings and the inbox's navigation show
 * (spec 002 sections 2.1 and 2.3): the synced balance record (so it is there offline too), or the
 * starting credits of an account that has not used any yet.
 */
export function useCredits(): number {
  const balance = useEntity<Credits.CreditBalance>('creditBalance', Credits.BALANCE_ID);
  return balance?.balance ?? Credits.STARTING_CREDITS;
}

/** While a screen showing the balance is open, the device syncs every 10 s to keep it current. */
export function useCreditsPolling() {
  const syncNow = useSyncNow();
  useEffect(() => {
    const timer = setInterval(() => void syncNow().catch(() => {}), CREDITS_POLL_MS);
    return () => clearInterval(timer);
  }, [syncNow]);
}
