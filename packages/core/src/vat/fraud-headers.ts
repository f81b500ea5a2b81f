/**
 * HMRC's fraud prevention headers for the connection method WEB_APP_VIA_SERVER (an app in a
 * browser that calls HMRC through its own server), and a validator that answers as HMRC's "Test
 * Fraud Prevention Headers" API does: `VALID_HEADERS`, `POTENTIALLY_INVALID_HEADERS` (warnings
 * only) or `INVALID_HEADERS`, with each error's and warning's code and the headers concerned.
 */

/** What the browser can tell (the rest only the server knows: the address, port and time it saw). */
export interface BrowserFraudValues {
  jsUserAgent: string;
  deviceId: string;
  screens: string;
  windowSize: string;
  timezone: string;
}

export const CONNECTION_METHOD = 'WEB_APP_VIA_SERVER';

/** Every header HMRC requires of this connection method (lower case, as HTTP compares them). */
export const REQUIRED_HEADERS = [
  'gov-client-connection-method',
  'gov-client-browser-js-user-agent',
  'gov-client-device-id',
  'gov-client-multi-factor',
  'gov-client-public-ip',
  'gov-client-public-ip-timestamp',
  'gov-client-public-port',
  'gov-client-screens',
  'gov-client-timezone',
  'gov-client-user-ids',
  'gov-client-window-size',
  'gov-vendor-forwarded',
  'gov-vendor-public-ip',
  'gov-vendor-product-name',
  'gov-vendor-version',
] as const;

/** Headers whose value may be empty: no multi-factor authentication was used. */
const MAY_BE_EMPTY = new Set(['gov-client-multi-factor', 'gov-vendor-license-ids']);

export interface HeaderFinding {
  code: 'MISSING_HEADER' | 'EMPTY_HEADER' | 'INVALID_HEADER' | 'POTENTIALLY_INVALID_HEADER';
  message: string;
  headers: string[];
}

export interface HeaderValidation {
  specVersion: string;
  code: 'VALID_HEADERS' | 'POTENTIALLY_INVALID_HEADERS' | 'INVALID_HEADERS';
  message: string;
  errors?: HeaderFinding[];
  warnings?: HeaderFinding[];
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const isIp = (v: string) => IPV4.test(v) || (/^[0-9a-fA-F:]+$/.test(v) && v.includes(':') && v.length <= 39);
/** Loopback and private ranges: an address HMRC cannot have seen the request come from. */
const isPrivate = (v: string) =>
  /^(10\.|127\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.)/.test(v) || v === '::1' || /^f[cd]/i.test(v);
/** `key=value` pairs joined by `&`, each part percent-encoded. */
const isPairs = (v: string, keys?: readonly string[]) => {
  const pairs = v.split('&').map((p) => p.split('='));
  if (pairs.some((p) => p.length !== 2 || !p[0] || p[1] === undefined)) return false;
  return !keys || keys.every((k) => pairs.some(([name]) => name === k));
};

type Check = (value: string) => 'ok' | string;

const CHECKS: Record<string, Check> = {
  'gov-client-connection-method': (v) => (v === CONNECTION_METHOD ? 'ok' : `must be ${CONNECTION_METHOD}`),
  'gov-client-device-id': (v) =>
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v) ? 'ok' : 'should be a UUID',
  'gov-client-public-ip': (v) => (isIp(v) ? 'ok' : 'not an IP address'),
  'gov-vendor-public-ip': (v) => (isIp(v) ? 'ok' : 'not an IP address'),
  'gov-client-public-ip-timestamp': (v) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(v) ? 'ok' : 'must be yyyy-MM-ddThh:mm:ss.sssZ',
  'gov-client-public-port': (v) =>
    /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535 ? 'ok' : 'must be a port, 1 to 65535',
  'gov-client-screens': (v) =>
    v.split(',').every((s) => isPairs(s, ['width', 'height', 'scaling-factor', 'colour-depth']))
      ? 'ok'
      : 'each screen needs width, height, scaling-factor and colour-depth',
  'gov-client-window-size': (v) => (isPairs(v, ['width', 'height']) ? 'ok' : 'needs width and height'),
  'gov-client-timezone': (v) => (/^UTC[+-]\d{2}:\d{2}$/.test(v) ? 'ok' : 'must be UTC±hh:mm'),
  'gov-client-user-ids': (v) => (isPairs(v) ? 'ok' : 'must be key=value pairs'),
  'gov-client-multi-factor': (v) =>
    v === '' || v.split(',').every((f) => isPairs(f, ['type', 'timestamp', 'unique-reference']))
      ? 'ok'
      : 'each factor needs type, timestamp and unique-reference',
  'gov-vendor-version': (v) => (isPairs(v) ? 'ok' : 'must be key=value pairs'),
  'gov-vendor-forwarded': (v) =>
    v.split(',').every((hop) => isPairs(hop, ['by', 'for'])) ? 'ok' : 'each hop needs by and for',
};

/** Validates a request's headers (names in any case) as HMRC's test API does. */
export function validateFraudHeaders(given: Record<string, string | undefined>): HeaderValidation {
  const headers = new Map(Object.entries(given).map(([k, v]) => [k.toLowerCase(), v]));
  const errors: HeaderFinding[] = [];
  const warnings: HeaderFinding[] = [];
  const missing = REQUIRED_HEADERS.filter((h) => headers.get(h) === undefined);
  if (missing.length) errors.push({ code: 'MISSING_HEADER', message: 'Header required', headers: missing });
  const empty = REQUIRED_HEADERS.filter((h) => headers.get(h) === '' && !MAY_BE_EMPTY.has(h));
  if (empty.length)
    errors.push({ code: 'EMPTY_HEADER', message: 'Header must not be empty', headers: empty });
  for (const [name, check] of Object.entries(CHECKS)) {
    const value = headers.get(name);
    if (!value && !(value === '' && MAY_BE_EMPTY.has(name))) continue;
    const result = check(value);
    if (result !== 'ok') errors.push({ code: 'INVALID_HEADER', message: result, headers: [name] });
  }
  for (const name of ['gov-client-public-ip', 'gov-vendor-public-ip']) {
    const value = headers.get(name);
    if (value && isIp(value) && isPrivate(value))
      warnings.push({
        code: 'POTENTIALLY_INVALID_HEADER',
        message: 'A private or loopback address: not one seen on the internet',
        headers: [name],
      });
  }
  const code = errors.length
    ? 'INVALID_HEADERS'
    : warnings.length
      ? 'POTENTIALLY_INVALID_HEADERS'
      : 'VALID_HEADERS';
  const message = {
    VALID_HEADERS: 'All headers are valid',
    POTENTIALLY_INVALID_HEADERS: 'At least one header is potentially invalid',
    INVALID_HEADERS: 'At least one header is invalid',
  }[code];
  return {
    specVersion: '3.3',
    code,
    message,
    ...(errors.length ? { errors } : {}),
    ...(warnings.length ? { warnings } : {}),
  };
}

/** The browser's values as the `Gov-Client-*` headers it can give (the API's request carries them). */
export function browserHeaders(v: BrowserFraudValues): Record<string, string> {
  return {
    'Gov-Client-Browser-JS-User-Agent': v.jsUserAgent,
    'Gov-Client-Device-ID': v.deviceId,
    'Gov-Client-Screens': v.screens,
    'Gov-Client-Window-Size': v.windowSize,
    'Gov-Client-Timezone': v.timezone,
  };
}

/** The browser's headers a server passes on as they came (lower case). */
export const BROWSER_HEADERS = [
  'gov-client-browser-js-user-agent',
  'gov-client-device-id',
  'gov-client-screens',
  'gov-client-window-size',
  'gov-client-timezone',
] as const;
