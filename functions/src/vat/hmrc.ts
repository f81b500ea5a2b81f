import { type HmrcStore, THROTTLE_SEND_WITHIN_MS } from '@roundwise/db';

/** Where HMRC is and who this application is to it (the developer hub's client id and secret). */
export interface HmrcConfig {
  /** `https://test-api.service.hmrc.gov.uk` (sandbox), `https://api.service.hmrc.gov.uk`, or the local simulator. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The server's public address, for `Gov-Vendor-Public-IP` (the address HMRC sees calls from). */
  vendorIp?: string;
  /** How long a call waits for HMRC's answer. Default 20 s. */
  timeoutMs?: number;
}

/** HMRC's answer to a call: its status, its JSON body, and the headers the app keeps (Receipt-ID). */
export interface HmrcAnswer {
  status: number;
  body: Record<string, unknown>;
  receiptId?: string;
}

/** HMRC allows 3 requests a second per application: one budget for every business on this deployment. */
export const HMRC_PER_SECOND = 3;

const ACCEPT = 'application/vnd.hmrc.1.0+json';

/**
 * The calls the app makes to HMRC's VAT (MTD) API, each after a grant from the deployment's
 * throttle (the table's, so every server instance shares it). The clock of the throttle is the
 * real one, whatever the app's clock says (the browser tests fix the app's).
 */
export function hmrcClient(config: HmrcConfig, store: HmrcStore, realNow: () => number = Date.now) {
  const base = config.url.replace(/\/$/, '');
  const timeoutMs = config.timeoutMs ?? 20_000;

  async function throttle() {
    for (;;) {
      const asked = realNow();
      const grant = await store.takeThrottle(asked, HMRC_PER_SECOND);
      if (grant.granted && realNow() - asked <= THROTTLE_SEND_WITHIN_MS) return;
      if (grant.granted) continue;
      // Another grant came in between (waitMs 0): a short pause spreads the contenders.
      await new Promise((r) => setTimeout(r, Math.max(grant.waitMs, 5 + Math.random() * 20)));
    }
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    options: {
      token?: string;
      headers?: Record<string, string>;
      json?: unknown;
      form?: Record<string, string>;
    },
  ): Promise<HmrcAnswer> {
    await throttle();
    const headers: Record<string, string> = { accept: ACCEPT, ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      parsed = { code: 'NOT_JSON', message: text.slice(0, 200) };
    }
    const receiptId = response.headers.get('receipt-id') ?? undefined;
    return { status: response.status, body: parsed, ...(receiptId ? { receiptId } : {}) };
  }

  const vat = (vrn: string) => `/organisations/vat/${encodeURIComponent(vrn)}`;

  return {
    config,
    authorizeUrl: (redirectUri: string, state: string) =>
      `${base}/oauth/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        scope: 'read:vat write:vat',
        redirect_uri: redirectUri,
        state,
      })}`,
    token: (form: Record<string, string>) =>
      call('POST', '/oauth/token', {
        form: { client_id: config.clientId, client_secret: config.clientSecret, ...form },
      }),
    obligations: (
      token: string,
      vrn: string,
      query: Record<string, string>,
      headers: Record<string, string>,
    ) => call('GET', `${vat(vrn)}/obligations?${new URLSearchParams(query)}`, { token, headers }),
    submit: (token: string, vrn: string, json: unknown, headers: Record<string, string>) =>
      call('POST', `${vat(vrn)}/returns`, { token, headers, json }),
    getReturn: (token: string, vrn: string, periodKey: string, headers: Record<string, string>) =>
      call('GET', `${vat(vrn)}/returns/${encodeURIComponent(periodKey)}`, { token, headers }),
    testHeaders: (token: string, headers: Record<string, string>) =>
      call('GET', '/test/fraud-prevention-headers/validate', { token, headers }),
  };
}

export type HmrcClient = ReturnType<typeof hmrcClient>;
