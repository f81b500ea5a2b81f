import { PermanentSendError } from '../context.ts';
import type { SmsProvider } from '../deps.ts';

/**
 * An SMS provider over HTTP, in the shape most SMS APIs share: `POST <url>/messages` with a
 * bearer key, `{ to, body }`, and an `Idempotency-Key` header (the notification's delivery id),
 * answering `{ id }`. A 4xx other than 408 and 429 is a refusal for good; a 5xx, 408, 429 or no
 * answer within `timeoutMs` may be tried again (the key makes a repeat safe). The local runtime's
 * sink provider (scripts/local/sms.ts) answers the same way.
 */
export function createHttpSmsProvider(options: {
  url: string;
  apiKey: string;
  timeoutMs?: number;
}): SmsProvider {
  const endpoint = `${options.url.replace(/\/$/, '')}/messages`;
  return {
    async send({ to, body, key }) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify({ to, body }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      const text = await response.text();
      if (response.ok) {
        const { id } = JSON.parse(text) as { id?: unknown };
        if (typeof id !== 'string')
          throw new Error(`SMS provider answered without an id: ${text.slice(0, 200)}`);
        return { id };
      }
      const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
      const message = `SMS provider answered ${response.status}: ${text.slice(0, 200)}`;
      throw retryable ? new Error(message) : new PermanentSendError(message);
    },
  };
}
