/**
 * SMS segment counting (GSM 03.38 and UCS-2), for the message form's counter and the credits a
 * text costs (one credit a segment). Pure: the web app and the server count alike.
 */

/** GSM 03.38's basic character set: one septet each. */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Its extension table: an escape and the character, two septets, never split over two parts. */
const GSM_EXTENDED = '^{}\\[~]|€\f';

const basic = new Set(GSM_BASIC);
const extended = new Set(GSM_EXTENDED);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSegments {
  /** How many messages the provider sends (and credits used); 0 for an empty text. */
  segments: number;
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes. */
  units: number;
  /** Units one part holds: 160/153 (GSM-7) or 70/67 (UCS-2), the smaller once the text is split. */
  perSegment: number;
  /** Units left in the last part before another is needed. */
  remaining: number;
  /** The characters that forced UCS-2, each once, in the order they appear (empty for GSM-7). */
  ucs2Characters: string[];
}

const LIMITS = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
} as const;

/** Counts the parts `text` is sent in. A part boundary never splits an escape pair or a surrogate pair. */
export function smsSegments(text: string): SmsSegments {
  const chars = Array.from(text); // by code point, so an emoji is one entry
  const ucs2Characters: string[] = [];
  for (const ch of chars) {
    if (!basic.has(ch) && !extended.has(ch) && !ucs2Characters.includes(ch)) ucs2Characters.push(ch);
  }
  const encoding: SmsEncoding = ucs2Characters.length > 0 ? 'UCS-2' : 'GSM-7';
  const sizes = chars.map((ch) => (encoding === 'UCS-2' ? ch.length : extended.has(ch) ? 2 : 1));
  const units = sizes.reduce((sum, n) => sum + n, 0);
  const { single, part } = LIMITS[encoding];
  if (units <= single) {
    return {
      segments: units === 0 ? 0 : 1,
      encoding,
      units,
      perSegment: single,
      remaining: single - units,
      ucs2Characters,
    };
  }
  // Fill parts character by character: a two-unit character that does not fit starts the next part.
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > part) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { segments, encoding, units, perSegment: part, remaining: part - used, ucs2Characters };
}
