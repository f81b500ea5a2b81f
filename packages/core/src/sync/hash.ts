/** FNV-1a, 32 bits, as 7 base-36 digits (isomorphic: no crypto module in the browser's core). */
export function hash(text: string, seed: number): string {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36).padStart(7, '0');
}
