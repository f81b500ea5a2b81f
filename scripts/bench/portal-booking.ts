import { Caller, percentile } from './lib.ts';

const STREETS = ['Mill Road', 'Hills Road', 'Tenison Road', 'Station Road', 'Lyndewode Road', 'Glisson Road'];
export const ROUND_CUSTOMERS = 60;

/**
 * `portal.availability_p95_ms`: a signed-in customer's `GET /api/portal/{handle}/me/availability`
 * on the demo business's portal (`demo`) with a portal round of 60 customers on six streets, the
 * customer on one of them (so the round's days on that street are looked up too); wall time on a
 * kept-alive connection, p95 of 300 after 30 unmeasured. Beside it the median, the server's own
 * time, and the runtime's CPU per request (`cpuMs`, `runtimeCpuMs`): what a loaded machine
 * inflates least.
 */
export async function portalAvailabilityFigures(base: string, cpuMs: () => number = () => Number.NaN) {
  const caller = new Caller(base);
  await caller.login('owner@demo.roundwise.local', 'demo-password');
  const command = async (name: string, input: unknown) => {
    const res = await caller.request('POST', `/api/commands/${name}`, {
      commandId: `bench-portal-${process.pid}-${name}-${Math.random().toString(36).slice(2)}`,
      input,
    });
    if (res.status !== 200) throw new Error(`${name} ${res.status} ${JSON.stringify(res.json)}`);
    return res.json.result;
  };
  const round = await command('rounds.create', { description: `Portal bench ${process.pid}` });
  await command('rounds.update', { _id: round._id, changes: { servicedPostcodes: ['CB2 1'] } });
  await command('rounds.set-portal', { _id: round._id, isPortalRound: true });
  for (let i = 0; i < ROUND_CUSTOMERS; i++) {
    const address = `${i + 1} ${STREETS[i % STREETS.length]}, Cambridge CB2 1${String.fromCharCode(65 + (i % 26))}B`;
    const customer = await command('customers.create', {
      name: `Portal bench ${i}`,
      address: { addressDescription: address },
    });
    await command('jobs.create', {
      customerId: customer._id,
      rounds: [round._id],
      date: `2026-12-${String(1 + (i % 28)).padStart(2, '0')}`,
      frequencyType: 'Weeks',
      frequencyInterval: 4,
      location: { addressDescription: address },
    });
  }
  const email = `portal-bench-${process.pid}@example.org`;
  await command('customers.create', {
    name: 'Portal bench booker',
    email,
    address: { addressDescription: `99 ${STREETS[0]}, Cambridge CB2 1ZZ` },
  });

  // Signed in as the customer, by the code mailed to them (the local runtime's mail sink).
  const asked = await caller.request('POST', '/api/portal/demo/session/code', { contact: email });
  if (asked.status !== 202) throw new Error(`code ${asked.status} ${JSON.stringify(asked.json)}`);
  // The mail goes through the outbox and the queue worker: it lands a moment after the answer.
  let code: string | undefined;
  for (let tries = 0; !code && tries < 50; tries++) {
    const res = await fetch(`${caller.base}/api/dev/mail`, { headers: { accept: 'application/json' } });
    const { mails } = (await res.json()) as { mails: { to: string; text: string }[] };
    code = /\b(\d{6})\b/.exec(mails.find((m) => m.to.includes(email))?.text ?? '')?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 200));
  }
  const session = await caller.request('POST', '/api/portal/demo/session', { contact: email, code });
  if (session.status !== 200) throw new Error(`session ${session.status} ${JSON.stringify(session.json)}`);
  caller.cookie = `rw_portal_demo=${session.json.session.token}`;
  const times: number[] = [];
  const server: number[] = [];
  let cpuBefore = Number.NaN;
  for (let i = 0; i < 330; i++) {
    if (i === 30) cpuBefore = cpuMs();
    const res = await caller.request('GET', '/api/portal/demo/me/availability');
    if (res.status !== 200 || !res.json.days[0]?.onRound) throw new Error(`availability ${res.status}`);
    if (i >= 30) {
      times.push(res.wallMs);
      server.push(res.serverMs);
    }
  }
  return {
    p95: percentile(times, 95),
    p50: percentile(times, 50),
    serverP50: percentile(server, 50),
    cpuPerRequest: (cpuMs() - cpuBefore) / times.length,
  };
}

// `npx tsx scripts/bench/portal-booking.ts`: the figure alone, on a fresh demo runtime.
if (process.argv[1]?.endsWith('portal-booking.ts')) {
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { round, runtimeCpuMs, saveFigures, startRoundwise } = await import('./lib.ts');
  const dir = await mkdtemp(join(tmpdir(), 'roundwise-portal-booking-'));
  const runtime = await startRoundwise(dir);
  try {
    const f = await portalAvailabilityFigures(runtime.url, () => runtimeCpuMs(runtime));
    console.log(
      `portal.availability_p95_ms ${round(f.p95)} ms (p50 ${round(f.p50)}, server p50 ${round(f.serverP50)}, runtime CPU ${round(f.cpuPerRequest)} ms a request)`,
    );
    await saveFigures({ 'portal.availability_p95_ms': { value: round(f.p95), unit: 'ms' } });
  } finally {
    await runtime.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
