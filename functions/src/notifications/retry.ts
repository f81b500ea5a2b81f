import { PermanentSendError } from '../context.ts';

/** Tries of one send within one delivery, and the first wait (doubled each time, with jitter). */
export const SEND_TRIES = 4;
export const FIRST_WAIT_MS = 200;

/**
 * Runs a provider call, trying again with a growing wait after a 5xx, a timeout or a dropped
 * connection. A refusal for good (`PermanentSendError`) is not tried again. Safe because every
 * call carries the same idempotency key: a repeat the provider already took is not sent twice.
 */
export async function withRetry<T>(
  call: () => Promise<T>,
  tries = SEND_TRIES,
  firstWaitMs = FIRST_WAIT_MS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (error instanceof PermanentSendError || attempt >= tries) throw error;
      const wait = firstWaitMs * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, wait / 2 + Math.random() * wait));
    }
  }
}
