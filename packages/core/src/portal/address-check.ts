import type { Round } from '../rounds/schema.ts';

/**
 * Is an address in a round the portal serves? Pure: the portal's address search and booking ask
 * it with the account's rounds. A round serves the portal when it is a portal round
 * (`isPortalRound`); it serves the postcodes in its `servicedPostcodes` (spec 000 section 3).
 */

// A UK postcode, with or without its space: outward code (area, district) and inward code.
const POSTCODE = /\b([A-Z]{1,2}[0-9][A-Z0-9]?)\s*([0-9][A-Z]{2})\b/;
const OUTWARD = /^([A-Z]{1,2}[0-9][A-Z0-9]?)$/;

export interface Postcode {
  /** `CB1`: the area and district. */
  outward: string;
  /** `2AB`, absent when only the district was given. */
  inward?: string;
}

/** The postcode in an address or a postcode typed alone, else undefined. */
export function postcodeOf(text: string): Postcode | undefined {
  const upper = text.toUpperCase().trim();
  const full = POSTCODE.exec(upper);
  if (full) return { outward: full[1]!, inward: full[2]! };
  const district = OUTWARD.exec(upper.replace(/\s+/g, ''));
  return district ? { outward: district[1]! } : undefined;
}

/**
 * Whether one serviced-postcode entry covers a postcode. An entry is an area (`CB`), a district
 * (`CB1`), a sector (`CB1 2`) or a full postcode (`CB1 2AB`), spaces optional; `CB1` never covers
 * `CB12`. A district typed alone is covered by its area and district only.
 */
export function covers(entry: string, postcode: Postcode): boolean {
  const e = entry.toUpperCase().replace(/\s+/g, '');
  if (!e) return false;
  if (/^[A-Z]{1,2}$/.test(e)) return postcode.outward.replace(/[0-9].*$/, '') === e;
  if (e === postcode.outward) return true;
  if (!postcode.inward) return false;
  const sector = `${postcode.outward}${postcode.inward[0]}`;
  return e === sector || e === `${postcode.outward}${postcode.inward}`;
}

const ABBREVIATIONS: Record<string, string> = {
  rd: 'road',
  st: 'street',
  ave: 'avenue',
  av: 'avenue',
  ln: 'lane',
  cl: 'close',
  dr: 'drive',
  cres: 'crescent',
  gdns: 'gardens',
  pl: 'place',
  sq: 'square',
  ter: 'terrace',
  terr: 'terrace',
};

/**
 * The street of an address, compared loosely: `12a Mill Rd, Cambridge` and `Flat 2, 12 Mill Road`
 * are both `mill road`. The street is the first part of the address after a house number (or the
 * first part when none has one); the postcode is left out.
 */
export function streetOf(address: string): string | undefined {
  const parts = address
    .replace(POSTCODE, '')
    .split(/[,\n]/)
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);
  const numbered = parts.find((p) => /^\d+[a-z]?\b/.test(p) && /[a-z]{3}/.test(p.replace(/^\d+[a-z]?/, '')));
  const raw = (numbered ?? parts[0] ?? '').replace(/^\d+[a-z]?(-\d+[a-z]?)?\s+/, '');
  const words = raw
    .replace(/[^a-z0-9' ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => ABBREVIATIONS[w] ?? w);
  return words.length ? words.join(' ') : undefined;
}

/** Two addresses on the same street: the same street name and, when both give one, district. */
export function sameStreet(a: string, b: string): boolean {
  const street = streetOf(a);
  if (!street || street !== streetOf(b)) return false;
  const pa = postcodeOf(a);
  const pb = postcodeOf(b);
  return !pa || !pb || pa.outward === pb.outward;
}

type PortalRound = Pick<Round, '_id' | 'isPortalRound' | 'servicedPostcodes'>;

/** The portal rounds whose serviced postcodes cover the address (or the postcode typed). */
export function roundsCovering<R extends PortalRound>(rounds: readonly R[], address: string): R[] {
  const postcode = postcodeOf(address);
  if (!postcode) return [];
  return rounds.filter(
    (r) => r.isPortalRound && (r.servicedPostcodes ?? []).some((e) => covers(e, postcode)),
  );
}
