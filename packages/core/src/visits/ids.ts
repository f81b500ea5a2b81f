/**
 * The id of the visit record of `jobId` due on `isoDueDate`. Deterministic, so two devices that
 * materialise the same virtual visit offline write the same entity and converge on sync instead of
 * making two. Short job ids (ULIDs: 26 characters) give `<jobId>-<YYYYMMDD>`; a job id too long to
 * fit the 64-character id limit is hashed (FNV-1a, 2 x 32 bits) first.
 */
const compact = new Map<string, string>();

export function visitId(jobId: string, isoDueDate: string): string {
  let suffix = compact.get(isoDueDate);
  if (suffix === undefined) {
    suffix = isoDueDate.replaceAll('-', '');
    if (compact.size > 50_000) compact.clear();
    compact.set(isoDueDate, suffix);
  }
  const base = jobId.length + 9 <= 64 ? jobId : `h${fnv(jobId, 0x811c9dc5)}${fnv(jobId, 0x01000193)}`;
  return `${base}-${suffix}`;
}

function fnv(s: string, seed: number): string {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36).padStart(7, '0');
}
