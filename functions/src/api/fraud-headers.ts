import { Vat } from '@roundwise/core';
import type { Context } from 'hono';
import { clientAddress } from './edge.ts';
import type { Env } from './env.ts';

/** CloudFront's viewer address (`ip:port`), forwarded to the origin: the port the client used. */
const VIEWER_ADDRESS = 'cloudfront-viewer-address';
const VERSION = process.env.APP_VERSION ?? '0.1.0';

/** The socket's own address and port (the local runtime's Node server; none under Lambda). */
function socketOf(c: Context<Env>) {
  const socket = (
    c.env as { incoming?: { socket?: { remoteAddress?: string; remotePort?: number } } } | undefined
  )?.incoming?.socket;
  return { ip: socket?.remoteAddress?.replace(/^::ffff:/, ''), port: socket?.remotePort };
}

/**
 * The fraud prevention headers of one request (WEB_APP_VIA_SERVER): the browser's values as it
 * sent them (`Gov-Client-*` on this request: user agent, device id, screens, window, time zone),
 * and what only the server knows: the address and port the request came from and when, the user,
 * and the vendor (this server's address, product and version). Roundwise has no multi-factor
 * sign-in, so that header is sent empty, as HMRC allows.
 */
export function fraudHeaders(c: Context<Env>, vendorIp: string): Record<string, string> {
  const socket = socketOf(c);
  const edgeIp = clientAddress(c);
  const ip = edgeIp ?? socket.ip ?? '';
  const port = edgeIp ? c.req.header(VIEWER_ADDRESS)?.split(':').pop() : socket.port?.toString();
  const headers: Record<string, string> = {
    'Gov-Client-Connection-Method': Vat.CONNECTION_METHOD,
    'Gov-Client-Multi-Factor': '',
    'Gov-Client-Public-IP': ip,
    'Gov-Client-Public-IP-Timestamp': new Date().toISOString(),
    'Gov-Client-User-IDs': `roundwise=${encodeURIComponent(c.var.signed.actor.userId)}`,
    'Gov-Vendor-Forwarded': `by=${encodeURIComponent(vendorIp)}&for=${encodeURIComponent(ip)}`,
    'Gov-Vendor-Public-IP': vendorIp,
    'Gov-Vendor-Product-Name': 'Roundwise',
    'Gov-Vendor-Version': `roundwise=${encodeURIComponent(VERSION)}`,
  };
  if (port) headers['Gov-Client-Public-Port'] = port;
  for (const name of Vat.BROWSER_HEADERS) {
    const value = c.req.header(name);
    if (value !== undefined) headers[headerName(name)] = value.slice(0, 2000);
  }
  return headers;
}

/** `gov-client-device-id` as HMRC writes it, `Gov-Client-Device-ID`. */
const headerName = (lower: string) =>
  lower
    .split('-')
    .map((w) => (w === 'id' ? 'ID' : w === 'js' ? 'JS' : w[0]!.toUpperCase() + w.slice(1)))
    .join('-');
