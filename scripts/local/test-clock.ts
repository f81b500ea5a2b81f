/**
 * The browser tests' clock (docs/local-runtime.md, "A fixed clock for the browser tests"): it reads
 * `now` at the real moment `sinceMs` and runs on in real time from there. The runtime and every
 * browser page of one test run share `now` and `sinceMs` (environment variables), so the server's
 * "now" and the pages' agree to the millisecond while both show the chosen day. Time keeps moving
 * (a frozen clock would stop the sync feed's cursor and every timeout).
 */
export function testClock(now: string, sinceMs: number): () => Date {
  const start = Date.parse(now);
  if (Number.isNaN(start)) throw new Error(`Not an ISO date and time: "${now}" (e.g. 2026-11-28T10:00:00Z).`);
  return () => new Date(start + (Date.now() - sinceMs));
}
