/**
 * Route optimising (spec 000 sections 2.5 and 5): orders a round's stops so the drive from the
 * business address, round every stop and back is short. A travelling-salesman tour over
 * straight-line (haversine) distance: nearest neighbour, then 2-opt and Or-opt to a local optimum,
 * then iterated local search (double-bridge kicks, keep the better tour) for a fixed number of
 * rounds. Deterministic (a seeded generator, no clock), so the browser's optimistic run and the
 * server's give the same order. Figures: docs/rounds.md.
 */

export type LngLat = readonly [number, number];

const EARTH_KM = 6371.0088;
const RAD = Math.PI / 180;

/** Great-circle distance in kilometres. */
export function haversineKm(a: LngLat, b: LngLat): number {
  const dLat = (b[1] - a[1]) * RAD;
  const dLng = (b[0] - a[0]) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * RAD) * Math.cos(b[1] * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Length of origin -> stops in `order` -> origin, in km. */
export function tourKm(origin: LngLat, stops: readonly LngLat[], order: readonly number[]): number {
  let km = 0;
  let at = origin;
  for (const i of order) {
    const p = stops[i] as LngLat;
    km += haversineKm(at, p);
    at = p;
  }
  return km + haversineKm(at, origin);
}

export interface OptimiseOptions {
  /** Kick-and-improve rounds after the first local optimum; more is slower and rarely shorter. */
  iterations?: number;
  seed?: number;
}

export interface OptimisedRoute {
  /** Indices into `stops`, in driving order. */
  order: number[];
  beforeKm: number;
  afterKm: number;
}

/**
 * The best order found for `stops`, starting and ending at `origin`. `current` is the order they
 * are in now (default: as given); it is kept when nothing shorter is found.
 */
export function optimiseRoute(
  origin: LngLat,
  stops: readonly LngLat[],
  current: readonly number[] = stops.map((_, i) => i),
  options: OptimiseOptions = {},
): OptimisedRoute {
  const beforeKm = tourKm(origin, stops, current);
  const n = stops.length;
  if (n <= 2) return { order: [...current], beforeKm, afterKm: beforeKm };
  const m = n + 1; // node 0 is the origin, node i + 1 is stop i
  const points = [origin, ...stops];
  const d = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    for (let j = i + 1; j < m; j++) {
      const km = haversineKm(points[i] as LngLat, points[j] as LngLat);
      d[i * m + j] = km;
      d[j * m + i] = km;
    }
  }
  const near = nearestLists(d, m, NEAREST);
  const rng = mulberry32(options.seed ?? 0x5eed + n);
  const iterations = options.iterations ?? defaultIterations(n);

  let best = nearestNeighbour(d, m);
  localSearch(best, d, m, near);
  let bestKm = length(best, d, m);
  // The current order improved locally is a second start: a good hand-made order is not lost.
  const fromCurrent = Int32Array.from([0, ...current.map((i) => i + 1)]);
  localSearch(fromCurrent, d, m, near);
  const currentKm = length(fromCurrent, d, m);
  if (currentKm < bestKm) {
    best = fromCurrent;
    bestKm = currentKm;
  }
  for (let it = 0; it < iterations && m > 8; it++) {
    const candidate = doubleBridge(best, m, rng);
    localSearch(candidate, d, m, near);
    const km = length(candidate, d, m);
    if (km < bestKm - 1e-12) {
      best = candidate;
      bestKm = km;
    }
  }
  const order = Array.from(best.subarray(1), (node) => node - 1);
  const afterKm = tourKm(origin, stops, order);
  if (afterKm >= beforeKm) return { order: [...current], beforeKm, afterKm: beforeKm };
  return { order, beforeKm, afterKm };
}

/** Enough kicks to land within a few per cent of the best tour known, inside 200 ms for 100 stops. */
const defaultIterations = (n: number) => Math.max(60, Math.min(400, Math.round(10000 / n)));

function length(t: Int32Array, d: Float64Array, m: number): number {
  let km = 0;
  for (let i = 0; i < m; i++) km += d[(t[i] as number) * m + (t[(i + 1) % m] as number)] as number;
  return km;
}

function nearestNeighbour(d: Float64Array, m: number): Int32Array {
  const tour = new Int32Array(m);
  const used = new Uint8Array(m);
  used[0] = 1;
  let at = 0;
  for (let k = 1; k < m; k++) {
    let next = -1;
    let nearest = Infinity;
    for (let j = 1; j < m; j++) {
      const km = d[at * m + j] as number;
      if (!used[j] && km < nearest) {
        nearest = km;
        next = j;
      }
    }
    tour[k] = next;
    used[next] = 1;
    at = next;
  }
  return tour;
}

const EPS = 1e-10;
/** Neighbours per stop that Or-opt tries to place a run beside. */
const NEAREST = 10;

/** 2-opt and Or-opt moves until neither improves; the origin stays at index 0. */
function localSearch(t: Int32Array, d: Float64Array, m: number, near: Int32Array[]): void {
  for (let guard = 0; guard < 1000; guard++) {
    const a = twoOpt(t, d, m, near);
    const b = orOpt(t, d, m, near);
    if (!a && !b) return;
  }
}

/**
 * 2-opt over each stop's nearest neighbours: replaces two edges by two shorter ones (reversing the
 * stretch between), first improvement, until none is left. The origin stays at index 0.
 */
function twoOpt(t: Int32Array, d: Float64Array, m: number, near: Int32Array[]): boolean {
  const pos = new Int32Array(m);
  for (let k = 0; k < m; k++) pos[t[k] as number] = k;
  let improved = false;
  let again = true;
  while (again) {
    again = false;
    for (let a = 0; a < m; a++) {
      const pa = pos[a] as number;
      for (let side = 0; side < 2; side++) {
        // side 0: edge (a, next of a); side 1: edge (previous of a, a). p is the edge's start.
        const p = side === 0 ? pa : pa === 0 ? m - 1 : pa - 1;
        const b = side === 0 ? (t[p + 1 === m ? 0 : p + 1] as number) : (t[p] as number);
        const ab = d[a * m + b] as number;
        const list = near[a] as Int32Array;
        for (let k = 0; k < list.length; k++) {
          const c = list[k] as number;
          const ac = d[a * m + c] as number;
          if (ac >= ab) break; // neighbours are nearest first: no later one can help
          const pc = pos[c] as number;
          const q = side === 0 ? pc : pc === 0 ? m - 1 : pc - 1;
          if (q === p) continue;
          const lo = Math.min(p, q);
          const hi = Math.max(p, q);
          const w = t[lo] as number;
          const x = t[lo + 1] as number;
          const y = t[hi] as number;
          const z = t[hi + 1 === m ? 0 : hi + 1] as number;
          if (x === y || z === w) continue;
          const delta =
            (d[w * m + y] as number) +
            (d[x * m + z] as number) -
            (d[w * m + x] as number) -
            (d[y * m + z] as number);
          if (delta < -EPS) {
            reverse(t, lo + 1, hi);
            for (let k = lo + 1; k <= hi; k++) pos[t[k] as number] = k;
            improved = true;
            again = true;
            break;
          }
        }
      }
    }
  }
  return improved;
}

function reverse(t: Int32Array, from: number, to: number) {
  for (let i = from, j = to; i < j; i++, j--) {
    const x = t[i] as number;
    t[i] = t[j] as number;
    t[j] = x;
  }
}

/**
 * Moves a run of 1 to 3 stops elsewhere in the tour, either way round, when that is shorter. Only
 * places next to one of the run's ends' nearest neighbours are tried (the rest are never better
 * in practice, and trying them all is what made this slow).
 */
function orOpt(t: Int32Array, d: Float64Array, m: number, near: Int32Array[]): boolean {
  let improved = false;
  const pos = new Int32Array(m);
  for (let k = 0; k < m; k++) pos[t[k] as number] = k;
  for (let len = 1; len <= 3; len++) {
    for (let i = 1; i + len - 1 < m; i++) {
      const last = i + len - 1;
      const s0 = t[i] as number;
      const sL = t[last] as number;
      const prev = t[i - 1] as number;
      const next = t[last + 1 === m ? 0 : last + 1] as number;
      const gain =
        (d[prev * m + s0] as number) + (d[sL * m + next] as number) - (d[prev * m + next] as number);
      let bestDelta = -EPS;
      let bestJ = -1;
      let bestReversed = false;
      for (let e = 0; e < 2; e++) {
        const end = e === 0 ? s0 : sL;
        const list = near[end] as Int32Array;
        for (let k = 0; k < list.length; k++) {
          const c = list[k] as number;
          // Gain criterion: a new edge to `end` must be shorter than what taking the run out saves.
          if ((d[end * m + c] as number) >= gain) break;
          const pc = pos[c] as number;
          for (let side = 0; side < 2; side++) {
            const j = side === 0 ? pc : pc === 0 ? m - 1 : pc - 1;
            if (j >= i - 1 && j <= last) continue; // an edge touching the run
            const x = t[j] as number;
            const y = t[j + 1 === m ? 0 : j + 1] as number;
            const xy = d[x * m + y] as number;
            const forward = (d[x * m + s0] as number) + (d[sL * m + y] as number) - xy - gain;
            const backward = (d[x * m + sL] as number) + (d[s0 * m + y] as number) - xy - gain;
            if (forward < bestDelta) {
              bestDelta = forward;
              bestJ = j;
              bestReversed = false;
            }
            if (backward < bestDelta) {
              bestDelta = backward;
              bestJ = j;
              bestReversed = true;
            }
          }
        }
      }
      if (bestJ < 0) continue;
      moveRun(t, i, len, bestJ, bestReversed);
      for (let k = 0; k < m; k++) pos[t[k] as number] = k;
      improved = true;
    }
  }
  return improved;
}

/** Each node's nearest other nodes, nearest first (the origin included). */
function nearestLists(d: Float64Array, m: number, k: number): Int32Array[] {
  const lists: Int32Array[] = [];
  const ids = Array.from({ length: m }, (_, j) => j);
  for (let i = 0; i < m; i++) {
    const sorted = ids
      .filter((j) => j !== i)
      .sort((a, b) => (d[i * m + a] as number) - (d[i * m + b] as number));
    lists.push(Int32Array.from(sorted.slice(0, k)));
  }
  return lists;
}

/** Takes t[i..i+len-1] out and puts it after the node at index j (of the tour before the move). */
function moveRun(t: Int32Array, i: number, len: number, j: number, reversed: boolean) {
  const run = Array.from(t.subarray(i, i + len));
  if (reversed) run.reverse();
  const rest: number[] = [];
  for (let k = 0; k < t.length; k++) if (k < i || k >= i + len) rest.push(t[k] as number);
  const after = t[j] as number;
  const at = rest.indexOf(after) + 1;
  rest.splice(at, 0, ...run);
  t.set(rest);
}

/** The classic kick: cut the tour (after the origin) into A B C D and join it as A C B D. */
function doubleBridge(t: Int32Array, m: number, rng: () => number): Int32Array {
  const cuts = [
    1 + Math.floor(rng() * (m - 1)),
    1 + Math.floor(rng() * (m - 1)),
    1 + Math.floor(rng() * (m - 1)),
  ].sort((a, b) => a - b) as [number, number, number];
  const [p, q, r] = cuts;
  const out = new Int32Array(m);
  let k = 0;
  for (let x = 0; x < p; x++) out[k++] = t[x] as number;
  for (let x = q; x < r; x++) out[k++] = t[x] as number;
  for (let x = p; x < q; x++) out[k++] = t[x] as number;
  for (let x = r; x < m; x++) out[k++] = t[x] as number;
  return out;
}

/** A small seeded generator (mulberry32): the same kicks on every device. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** The shortest tour by trying every order (tests and the gap figure; n <= 9). */
export function exhaustiveRoute(origin: LngLat, stops: readonly LngLat[]): { order: number[]; km: number } {
  if (stops.length > 10) throw new Error('exhaustive search is for small instances');
  let best: number[] = [];
  let bestKm = Infinity;
  const order: number[] = [];
  const used = new Array<boolean>(stops.length).fill(false);
  const walk = (at: LngLat, km: number) => {
    if (km >= bestKm) return;
    if (order.length === stops.length) {
      const total = km + haversineKm(at, origin);
      if (total < bestKm) {
        bestKm = total;
        best = [...order];
      }
      return;
    }
    for (let i = 0; i < stops.length; i++) {
      if (used[i]) continue;
      used[i] = true;
      order.push(i);
      walk(stops[i] as LngLat, km + haversineKm(at, stops[i] as LngLat));
      order.pop();
      used[i] = false;
    }
  };
  walk(origin, 0);
  return { order: best, km: bestKm };
}
