import { z } from 'zod';

/**
 * Characters that show nothing: white space, control characters, Unicode's default-ignorable code
 * points (zero-width space and joiners, soft hyphen, direction marks, the Hangul fillers,
 * variation selectors, tag characters) and the blank braille pattern. A name made only of these
 * looks empty on every screen, so it is blank.
 */
const INVISIBLE = /^[\s\p{Cc}\p{Default_Ignorable_Code_Point}\u2800]$/u;
/**
 * Invisible characters kept at the end: variation selectors and tag characters finish the
 * character before them (the emoji form of a heart, a subdivision flag).
 */
const FINISHES_PREVIOUS = /^[\uFE00-\uFE0F\u{E0000}-\u{E0FFF}]$/u;

/**
 * `text` without the invisible characters at either end ("\u200bBob " is "Bob", "\u200b" is "").
 * One pass over the characters: a regular expression anchored at the end would backtrack over
 * every run of invisible characters, quadratic on a long hostile input.
 */
export function trimInvisible(text: string): string {
  if (printableAscii(text.charCodeAt(0)) && printableAscii(text.charCodeAt(text.length - 1))) return text;
  const chars = Array.from(text);
  let start = 0;
  while (start < chars.length && INVISIBLE.test(chars[start] as string)) start++;
  let end = chars.length;
  while (end > start) {
    const c = chars[end - 1] as string;
    if (!INVISIBLE.test(c) || FINISHES_PREVIOUS.test(c)) break;
    end--;
  }
  return start === 0 && end === chars.length ? text : chars.slice(start, end).join('');
}

const printableAscii = (code: number) => code > 0x20 && code < 0x7f;

/** Text trimmed of invisible characters at both ends, at most `max` characters. */
export const TrimmedText = (max: number) => z.string().overwrite(trimInvisible).max(max);

/** Text that must not be blank after trimming (a name, a title): refused with `messageKey`. */
export const RequiredText = (messageKey: string, max: number) =>
  z.string().overwrite(trimInvisible).min(1, messageKey).max(max);

/**
 * A list a user types (postcodes, tags, addresses): entries split on line breaks (an API caller may
 * send one entry of several lines, as the editors' text areas give), trimmed, blank ones dropped,
 * and each kept once, compared case-insensitively (the first spelling stays).
 */
export function normaliseList(entries: string | readonly string[]): string[] {
  const all = (typeof entries === 'string' ? [entries] : entries).flatMap((e) => e.split(/\r\n|\r|\n/));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of all) {
    const entry = trimInvisible(raw);
    const key = entry.toUpperCase();
    if (!entry || seen.has(key)) continue;
    seen.add(key);
    out.push(entry);
  }
  return out;
}

/** A typed list as `normaliseList` leaves it, each entry at most `max` characters. */
export const TextList = (max: number, count: number) =>
  z
    .array(z.string().max(20_000))
    .max(count)
    .transform(normaliseList)
    .pipe(z.array(z.string().max(max)).max(count));
