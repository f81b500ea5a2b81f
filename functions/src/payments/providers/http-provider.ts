import type { Payments } from '@roundwise/core';
import {
  type MandateRequest,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderChanges,
  type ProviderMandate,
  type ProviderPayment,
  ProviderRefusal,
} from './provider.ts';

/**
 * A payment provider over HTTP in the shape the local simulators answer (REST, bearer key,
 * `Idempotency-Key` on every write, `Provider-Account` naming the connected business). A 4xx other
 * than 408 and 429 is a `ProviderRefusal` (not retried); a 5xx, 408, 429 or no answer within
 * `timeoutMs` throws a plain error, so the effect is tried again with the same key.
 */
export function createHttpPaymentProvider(options: {
  name: string;
  kind: Payments.ProviderKind;
  url: string;
  apiKey: string;
  webhookSecret: string;
  timeoutMs?: number;
}): PaymentProvider {
  const base = options.url.replace(/\/$/, '');
  const call = async <T>(
    method: string,
    path: string,
    account: string,
    body?: unknown,
    key?: string,
  ): Promise<T | undefined> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.apiKey}`,
        'provider-account': account,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    if (response.ok) return JSON.parse(text) as T;
    if (response.status === 404 && method === 'GET') return undefined;
    const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
    const message = `${options.name} answered ${response.status}: ${text.slice(0, 300)}`;
    throw retryable ? new Error(message) : new ProviderRefusal(response.status, message);
  };
  const must = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${options.name} answered no ${what}`);
    return value;
  };
  return {
    name: options.name,
    kind: options.kind,
    webhookSecret: options.webhookSecret,
    async createMandate(input: MandateRequest, key) {
      return must(await call<ProviderMandate>('POST', '/mandates', input.account, input, key), 'mandate');
    },
    async createPayment(input: PaymentRequest, key) {
      return must(await call<ProviderPayment>('POST', '/payments', input.account, input, key), 'payment');
    },
    async cancelPayment(account, id, key) {
      const path = `/payments/${encodeURIComponent(id)}/cancel`;
      return must(await call<ProviderPayment>('POST', path, account, {}, key), 'payment');
    },
    async refundPayment(account, id, amountPence, key) {
      const path = `/payments/${encodeURIComponent(id)}/refund`;
      return must(await call<ProviderPayment>('POST', path, account, { amountPence }, key), 'payment');
    },
    getPayment(account, id) {
      return call<ProviderPayment>('GET', `/payments/${encodeURIComponent(id)}`, account);
    },
    async listChanges(account, since) {
      const query = since ? `?since=${encodeURIComponent(since)}` : '';
      return must(await call<ProviderChanges>('GET', `/changes${query}`, account), 'changes');
    },
  };
}
