import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Vat } from '@roundwise/core';
import { closeServer, LOOPBACK, listen } from './net.ts';

/**
 * A local HMRC for `npm start` and the tests, on the sandbox's paths: OAuth (`/oauth/authorize`,
 * a page that grants authority, and `/oauth/token`), the VAT (MTD) API's obligations and returns
 * (`/organisations/vat/{vrn}/...`), and the Test Fraud Prevention Headers API
 * (`/test/fraud-prevention-headers/validate`). Every call to the VAT API has its fraud prevention
 * headers validated as that test API does; a call whose headers are invalid is refused with
 * `INVALID_HEADERS` (the real service records them for HMRC instead; refusing here makes a missing
 * header fail the tests). Test scenarios as the sandbox's `Gov-Test-Scenario` header, or set per VAT
 * number by a test: `QUARTERLY_NONE_MET` ... `QUARTERLY_FOUR_MET`, `DUPLICATE_SUBMISSION`,
 * `INSOLVENT_TRADER`, and `ERROR_500_THEN_DUPLICATE` (the return is taken, the answer is a 500: the
 * retry then meets `DUPLICATE_SUBMISSION`, vat-api #697).
 */
export interface HmrcSimulatorOptions {
  /** Where its state is kept between runs (`<directory>/hmrc.json`). */
  directory: string;
  /** Its clock (the app's, so the browser tests' fixed day holds for the periods). */
  clock?: () => Date;
  log?: (line: string) => void;
}

interface StoredReturn {
  vrn: string;
  periodKey: string;
  body: Record<string, unknown>;
  receivedAt: string;
  formBundleNumber: string;
}

interface State {
  returns: StoredReturn[];
  tokens: Record<string, { expiresAtMs: number }>;
  refresh: Record<string, true>;
}

export interface ValidationRecord {
  path: string;
  method: string;
  code: Vat.HeaderValidation['code'];
  errors: Vat.HeaderFinding[];
  /** When the call arrived (real epoch ms). */
  at: number;
}

export interface HmrcSimulator {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Sets the test scenario of one VAT number (undefined: none). */
  scenario(vrn: string, name: string | undefined): void;
  /** Every return received (sends that HMRC took, duplicates refused not counted). */
  returns(vrn?: string): StoredReturn[];
  /** How many submit calls came in (taken, refused or failed). */
  submitCalls(): number;
  /** Every call's fraud header validation, in order. */
  validations(): ValidationRecord[];
  /** Holds back the answers of the next `n` calls of the VAT API by `ms` (timeouts). */
  delay(ms: number, n?: number): void;
  stop(): Promise<void>;
}

const quarterOf = (date: string) => Math.floor((Number(date.slice(5, 7)) - 1) / 3);
const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The calendar quarters that overlap [from, to] and have started by `today`, as obligations. */
function quarters(from: string, to: string, today: string) {
  const out: { periodKey: string; start: string; end: string; due: string }[] = [];
  let y = Number(from.slice(0, 4));
  let q = quarterOf(from);
  for (;;) {
    const start = `${y}-${pad(q * 3 + 1)}-01`;
    if (start > to || start > today) break;
    const end = `${y}-${pad(q * 3 + 3)}-${pad(lastDay(y, q * 3 + 3))}`;
    // Due one month and seven days after the period ends.
    const dueMonth = new Date(Date.UTC(y, q * 3 + 4, 0)).toISOString().slice(0, 10);
    out.push({ periodKey: `${String(y).slice(2)}A${q + 1}`, start, end, due: addDays(dueMonth, 7) });
    q++;
    if (q === 4) [y, q] = [y + 1, 0];
  }
  return out;
}

export async function startHmrcSimulator(options: HmrcSimulatorOptions): Promise<HmrcSimulator> {
  await mkdir(options.directory, { recursive: true });
  const file = join(options.directory, 'hmrc.json');
  const state: State = JSON.parse(
    await readFile(file, 'utf8').catch(() => '{"returns":[],"tokens":{},"refresh":{}}'),
  );
  const clock = options.clock ?? (() => new Date());
  const clientId = `local-${randomBytes(8).toString('hex')}`;
  const clientSecret = randomBytes(16).toString('hex');
  const codes = new Map<string, string>();
  const scenarios = new Map<string, string>();
  const validations: ValidationRecord[] = [];
  const pending500 = new Set<string>();
  let submits = 0;
  let delays: { ms: number; n: number } = { ms: 0, n: 0 };

  let saving: Promise<void> = Promise.resolve();
  const save = () => {
    saving = saving.then(async () => {
      await writeFile(`${file}.tmp`, JSON.stringify(state));
      await rename(`${file}.tmp`, file);
    });
    return saving;
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'x-correlation-id': randomUUID(),
      ...headers,
    });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, code: string, message: string) =>
    send(res, status, { code, message });
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const headersOf = (req: IncomingMessage) =>
    Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]));
  const issueTokens = async () => {
    const access = randomBytes(16).toString('hex');
    const refresh = randomBytes(16).toString('hex');
    state.tokens[access] = { expiresAtMs: Date.now() + 4 * 3_600_000 };
    state.refresh[refresh] = true;
    await save();
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: 14_400,
      token_type: 'bearer',
      scope: 'read:vat write:vat',
    };
  };

  async function oauth(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method === 'GET' && url.pathname === '/oauth/authorize') {
      const p = url.searchParams;
      if (p.get('client_id') !== clientId || p.get('response_type') !== 'code' || !p.get('redirect_uri')) {
        return error(res, 400, 'INVALID_REQUEST', 'Unknown client or missing redirect');
      }
      const fields = ['redirect_uri', 'state']
        .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(p.get(k) ?? '')}">`)
        .join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><title>HMRC (local): grant authority</title><main><h1>Grant authority</h1>` +
          `<p>Roundwise will be able to view and submit your VAT returns (${escapeHtml(p.get('scope') ?? '')}).</p>` +
          `<form method="post" action="/oauth/authorize">${fields}<button name="grant" value="yes">Grant authority</button>` +
          `<button name="grant" value="no">Cancel</button></form></main></html>`,
      );
      return;
    }
    if (req.method === 'POST' && url.pathname === '/oauth/authorize') {
      const form = new URLSearchParams(await readBody(req));
      const target = new URL(form.get('redirect_uri') ?? '');
      target.searchParams.set('state', form.get('state') ?? '');
      if (form.get('grant') === 'yes') {
        const code = randomBytes(16).toString('hex');
        codes.set(code, target.origin + target.pathname);
        target.searchParams.set('code', code);
      } else target.searchParams.set('error', 'access_denied');
      res.writeHead(302, { location: target.toString() });
      res.end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      const form = new URLSearchParams(await readBody(req));
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
        return send(res, 401, { error: 'invalid_client' });
      }
      if (form.get('grant_type') === 'authorization_code') {
        const code = form.get('code') ?? '';
        const redirect = codes.get(code);
        codes.delete(code);
        if (!redirect || redirect !== form.get('redirect_uri'))
          return send(res, 400, { error: 'invalid_grant' });
        return send(res, 200, await issueTokens());
      }
      if (form.get('grant_type') === 'refresh_token') {
        const refresh = form.get('refresh_token') ?? '';
        if (!state.refresh[refresh]) return send(res, 400, { error: 'invalid_grant' });
        delete state.refresh[refresh];
        return send(res, 200, await issueTokens());
      }
      return send(res, 400, { error: 'unsupported_grant_type' });
    }
    error(
      res,
      404,
      'MATCHING_RESOURCE_NOT_FOUND',
      'A resource with the name in the request can not be found',
    );
  }

  async function vatApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const headers = headersOf(req);
    const validation = Vat.validateFraudHeaders(headers);
    validations.push({
      path: url.pathname,
      method: req.method ?? '',
      code: validation.code,
      errors: validation.errors ?? [],
      at: Date.now(),
    });
    if (url.pathname === '/test/fraud-prevention-headers/validate') return send(res, 200, validation);

    const token = (headers.authorization ?? '').replace(/^Bearer /i, '');
    const granted = state.tokens[token];
    if (!granted || granted.expiresAtMs < Date.now())
      return error(res, 401, 'INVALID_CREDENTIALS', 'Invalid Authentication information provided');
    if (validation.code === 'INVALID_HEADERS') return send(res, 400, validation);
    // A slow answer: the call is handled at once, its answer held back (HMRC took it; the caller may give up).
    const slowMs = delays.n > 0 ? delays.ms : 0;
    if (delays.n > 0) delays.n--;
    const answerLater = () => new Promise((r) => setTimeout(r, slowMs));
    const match = /^\/organisations\/vat\/([^/]+)\/(obligations|returns)(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return error(res, 404, 'MATCHING_RESOURCE_NOT_FOUND', 'Not found');
    const [, vrn = '', kind, periodKeyText] = match;
    if (!/^\d{9}$/.test(vrn)) return error(res, 400, 'VRN_INVALID', 'The provided VRN is invalid');
    const scenario = headers['gov-test-scenario'] ?? scenarios.get(vrn);
    const today = clock().toISOString().slice(0, 10);

    if (kind === 'obligations' && req.method === 'GET') {
      const from = url.searchParams.get('from') ?? '';
      const to = url.searchParams.get('to') ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || to < from) {
        return error(res, 400, 'INVALID_DATE_RANGE', 'Invalid date range');
      }
      const met = /^QUARTERLY_(NONE|ONE|TWO|THREE|FOUR)_MET$/.exec(scenario ?? '');
      const metCount = met ? ['NONE', 'ONE', 'TWO', 'THREE', 'FOUR'].indexOf(met[1]!) : undefined;
      const obligations = quarters(from, to, today).map((q, i) => {
        const stored = state.returns.find((r) => r.vrn === vrn && r.periodKey === q.periodKey);
        const fulfilled = metCount === undefined ? !!stored : i < metCount;
        return fulfilled
          ? { ...q, status: 'F', received: stored?.receivedAt.slice(0, 10) ?? q.due }
          : { ...q, status: 'O' };
      });
      const status = url.searchParams.get('status');
      const listed = status ? obligations.filter((o) => o.status === status) : obligations;
      if (!listed.length)
        return error(
          res,
          404,
          'NOT_FOUND',
          'The remote endpoint has indicated that no associated data found',
        );
      return send(res, 200, { obligations: listed });
    }
    if (kind === 'returns' && req.method === 'GET' && periodKeyText) {
      const periodKey = decodeURIComponent(periodKeyText);
      const stored = state.returns.find((r) => r.vrn === vrn && r.periodKey === periodKey);
      await answerLater();
      return stored
        ? send(res, 200, stored.body)
        : error(res, 404, 'NOT_FOUND', 'The remote endpoint has indicated that no associated data found');
    }
    if (kind === 'returns' && req.method === 'POST' && !periodKeyText) {
      submits++;
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      } catch {
        return error(res, 400, 'INVALID_REQUEST', 'Invalid request');
      }
      if (body.finalised !== true) return error(res, 403, 'NOT_FINALISED', 'The return was not finalised');
      const boxes = Vat.NineBoxes.safeParse(body);
      if (!boxes.success || Vat.boxesError(boxes.data))
        return error(res, 400, 'INVALID_REQUEST', 'Invalid request');
      const periodKey = String(body.periodKey ?? '');
      if (!/^[A-Za-z0-9#]{4}$/.test(periodKey))
        return error(res, 400, 'PERIOD_KEY_INVALID', 'Invalid period key');
      if (scenario === 'INSOLVENT_TRADER')
        return error(res, 403, 'INSOLVENT_TRADER', 'The client is an insolvent trader');
      const exists = state.returns.some((r) => r.vrn === vrn && r.periodKey === periodKey);
      if (exists || scenario === 'DUPLICATE_SUBMISSION') {
        return error(
          res,
          403,
          'DUPLICATE_SUBMISSION',
          'The VAT return was already submitted for the given period.',
        );
      }
      const stored: StoredReturn = {
        vrn,
        periodKey,
        body: { periodKey, ...boxes.data },
        receivedAt: clock().toISOString(),
        formBundleNumber: String(Math.floor(1e11 + Math.random() * 9e11)),
      };
      state.returns.push(stored);
      await save();
      options.log?.(`[hmrc] return ${periodKey} of ${vrn} received`);
      const key = `${vrn}#${periodKey}`;
      if (scenario === 'ERROR_500_THEN_DUPLICATE' && !pending500.has(key)) {
        pending500.add(key);
        return error(res, 500, 'INTERNAL_SERVER_ERROR', 'Internal server error');
      }
      await answerLater();
      const netVatDue = Number(body.netVatDue);
      const payable = Number(body.totalVatDue) >= Number(body.vatReclaimedCurrPeriod);
      return send(
        res,
        201,
        {
          processingDate: stored.receivedAt,
          paymentIndicator: payable ? 'BANK' : 'DD',
          formBundleNumber: stored.formBundleNumber,
          ...(payable && netVatDue > 0
            ? { chargeRefNumber: `XM00${stored.formBundleNumber.slice(0, 10)}` }
            : {}),
        },
        { 'receipt-id': randomUUID() },
      );
    }
    error(res, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed');
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://hmrc.local');
    const work = url.pathname.startsWith('/oauth/') ? oauth(req, res, url) : vatApi(req, res, url);
    work.catch((e: Error) => {
      options.log?.(`[hmrc] ${e.message}`);
      if (!res.headersSent) error(res, 500, 'INTERNAL_SERVER_ERROR', e.message);
    });
  });
  const port = await listen(server, 0, LOOPBACK);
  return {
    url: `http://${LOOPBACK}:${port}`,
    clientId,
    clientSecret,
    scenario(vrn, name) {
      if (name) scenarios.set(vrn, name);
      else scenarios.delete(vrn);
    },
    returns: (vrn) => state.returns.filter((r) => !vrn || r.vrn === vrn),
    submitCalls: () => submits,
    validations: () => [...validations],
    delay(ms, n = 1) {
      delays = { ms, n };
    },
    async stop() {
      await closeServer(server);
      await saving;
    },
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
