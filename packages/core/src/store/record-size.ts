import { validation } from '../errors.ts';

/**
 * The most a record may take, as JSON: one DynamoDB item holds 400 KB (409,600 bytes) counting its
 * keys and attribute names; JSON is a little larger than DynamoDB's own count for text, and the
 * rest leaves room for the keys and the indexes' attributes.
 */
export const MAX_RECORD_BYTES = 380_000;

const encoder = new TextEncoder();

/**
 * Refuses a record too large for one item with `general.record-too-large` (a quote of many long
 * items, an exclude list of tens of thousands of ids), where the table would refuse the write
 * with a 500. Checked where a record is put, on the server and on the device alike.
 */
export function assertFitsOneRecord(type: string, record: unknown): void {
  const json = JSON.stringify(record);
  // UTF-8 takes at most 3 bytes per UTF-16 unit: most records need no encoding to be counted.
  if (json.length * 3 <= MAX_RECORD_BYTES) return;
  if (encoder.encode(json).length > MAX_RECORD_BYTES) throw validation('general.record-too-large', { type });
}
