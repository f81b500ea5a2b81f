import { Vat } from '@roundwise/core';

const DEVICE_KEY = 'roundwise.hmrc-device-id';

/** One id per browser, kept (HMRC's Gov-Client-Device-ID: the same device sends the same id). */
function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

/** The offset of this browser's time zone now, as HMRC writes it: `UTC+01:00`. */
function timezone(): string {
  const minutes = -new Date().getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * What only the browser knows of the fraud prevention headers (WEB_APP_VIA_SERVER), sent as
 * `Gov-Client-*` headers on each VAT call; the server adds the address, port and time it saw, the
 * user and itself (`functions/src/api/fraud-headers.ts`).
 */
export function browserFraudHeaders(): Record<string, string> {
  const enc = encodeURIComponent;
  return Vat.browserHeaders({
    jsUserAgent: navigator.userAgent,
    deviceId: deviceId(),
    screens: `width=${screen.width}&height=${screen.height}&scaling-factor=${enc(String(window.devicePixelRatio))}&colour-depth=${screen.colorDepth}`,
    windowSize: `width=${window.innerWidth}&height=${window.innerHeight}`,
    timezone: timezone(),
  });
}
