/** Spec 000 section 4: bulk email yields to the interface every 250 sends. */
export const BULK_YIELD_EVERY = 250;

export interface BulkOutcome {
  sent: number;
  total: number;
  /** `done`: every recipient tried; `cancelled` by the user; `stopped` after a failure they chose not to pass. */
  end: 'done' | 'cancelled' | 'stopped';
}

/**
 * Sends one message per recipient, in order, yielding to the interface every `yieldEvery` sends
 * (so the progress shows and Cancel can be pressed); on a recipient's failure asks whether to go
 * on. `sent` counts the sends that succeeded.
 */
export async function runBulk<R>({
  recipients,
  send,
  onProgress,
  askContinue,
  cancelled,
  yieldEvery = BULK_YIELD_EVERY,
  pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0)),
}: {
  recipients: readonly R[];
  send: (recipient: R) => Promise<void>;
  onProgress: (sent: number, total: number) => void;
  askContinue: (recipient: R, error: unknown) => Promise<boolean>;
  cancelled: () => boolean;
  yieldEvery?: number;
  pause?: () => Promise<void>;
}): Promise<BulkOutcome> {
  const total = recipients.length;
  let sent = 0;
  for (let i = 0; i < total; i++) {
    if (i > 0 && i % yieldEvery === 0) {
      onProgress(sent, total);
      await pause();
    }
    if (cancelled()) return { sent, total, end: 'cancelled' };
    try {
      await send(recipients[i]!);
      sent++;
    } catch (error) {
      if (!(await askContinue(recipients[i]!, error))) {
        onProgress(sent, total);
        return { sent, total, end: 'stopped' };
      }
    }
  }
  onProgress(sent, total);
  return { sent, total, end: 'done' };
}
