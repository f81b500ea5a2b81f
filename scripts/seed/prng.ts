/**
 * Seeded randomness for the seed generator: sfc32 (128-bit state, fast, passes PractRand far
 * beyond what a seed needs), seeded from a string through cyrb128. The same seed string always
 * gives the same stream, on every platform.
 */
export type Prng = () => number;

/** cyrb128: four 32-bit seeds from a string. */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A float in [0, 1) stream from a seed string. */
export function sfc32(seed: string): Prng {
  let [a, b, c, d] = cyrb128(seed);
  const next = () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Warm up: the first outputs of a freshly seeded sfc32 are poorly mixed.
  for (let i = 0; i < 15; i++) next();
  return next;
}

/** Convenience draws over one stream. */
export class Random {
  constructor(readonly next: Prng) {}

  static of(seed: string): Random {
    return new Random(sfc32(seed));
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(table: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of table) total += w;
    let r = this.next() * total;
    for (const [value, w] of table) {
      r -= w;
      if (r < 0) return value;
    }
    return table[table.length - 1]![0];
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Fisher-Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }

  /** `n` distinct items (n <= length). */
  sample<T>(items: readonly T[], n: number): T[] {
    return this.shuffle([...items]).slice(0, n);
  }
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODES = [...CROCKFORD].map((c) => c.charCodeAt(0));

/**
 * A ULID (10 time characters, 16 random ones, Crockford base32) stamped at `ms`, whose random
 * part comes from `prng`. Same format as `ulidx`'s `ulid(ms, prng)`, but built as one flat
 * string: ulidx concatenates character by character, and half a million such ropes cost hundreds
 * of megabytes and seconds of garbage collection at the city scale.
 */
export function seededUlid(ms: number, prng: Prng): string {
  if (!Number.isInteger(ms) || ms < 0 || ms > 2 ** 48 - 1) throw new Error(`ULID time out of range: ${ms}`);
  const codes = new Array<number>(26);
  let t = ms;
  for (let i = 9; i >= 0; i--) {
    codes[i] = CODES[t % 32]!;
    t = Math.floor(t / 32);
  }
  for (let i = 10; i < 26; i++) codes[i] = CODES[Math.floor(prng() * 32)]!;
  return String.fromCharCode(...codes);
}
