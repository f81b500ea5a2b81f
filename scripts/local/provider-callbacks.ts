import type { ProviderEvent } from '../../functions/src/notifications/webhook.ts';
import { SIGNATURE_HEADER, sign } from '../../functions/src/notifications/webhook.ts';

export interface ProviderCallbacks {
  /** Queues an event; it is posted within `intervalMs`, with others, as providers batch them. */
  emit(event: ProviderEvent): void;
  /** Posts what is queued now. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * What the local sink providers call back with: their events, batched and signed like a real
 * provider's webhook (`POST /api/notifications/webhook`, HMAC-SHA256 of the body). A post that
 * fails is kept and tried again on the next tick, as providers retry their webhooks.
 */
export function startProviderCallbacks(options: {
  url: () => string | undefined;
  secret: string;
  intervalMs?: number;
  log?: (line: string) => void;
}): ProviderCallbacks {
  let queue: ProviderEvent[] = [];
  let posting: Promise<void> = Promise.resolve();
  const post = async () => {
    const url = options.url();
    if (!url || queue.length === 0) return;
    const batch = queue.splice(0, 500);
    const body = JSON.stringify(batch);
    try {
      const response = await fetch(`${url}/api/notifications/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(options.secret, body) },
        body,
      });
      // A refusal of the batch itself (4xx) will not get better; anything else is tried again.
      if (response.status >= 500) throw new Error(`webhook answered ${response.status}`);
      await response.body?.cancel();
    } catch (error) {
      queue = [...batch, ...queue];
      options.log?.(`[callbacks] ${error instanceof Error ? error.message : String(error)}; tried again`);
    }
  };
  const flush = () => {
    posting = posting.then(post);
    return posting;
  };
  const timer = setInterval(() => void flush(), options.intervalMs ?? 250);
  return {
    emit: (event) => queue.push(event),
    flush,
    async stop() {
      clearInterval(timer);
      await posting;
    },
  };
}
