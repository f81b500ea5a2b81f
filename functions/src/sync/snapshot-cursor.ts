/** A cursor into a sync snapshot: base64url of `snap:<snapshotId>:<chunk index>`. */
export const snapshotCursor = (snapshotId: string, index: number) =>
  Buffer.from(`snap:${snapshotId}:${index}`, 'utf8').toString('base64url');

export function parseSnapshotCursor(
  cursor: string | undefined,
): { snapshotId: string; index: number } | undefined {
  if (!cursor) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = /^snap:([0-9A-Z]{26}):(\d{1,5})$/.exec(text);
  return m ? { snapshotId: m[1]!, index: Number(m[2]) } : undefined;
}
