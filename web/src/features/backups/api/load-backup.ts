import { api } from '../../../lib/http';
import { dataEmail } from './download-backup';

/** What the developer-mode Load read: the records per type, kept in memory for the console. */
export interface LoadedBackup {
  id: string;
  counts: Record<string, number>;
  records: { type: string; entity: Record<string, unknown> }[];
}

/**
 * Load (developer mode): `GET /api/backups/{id}/stream-data`, parsed line by line as it arrives,
 * so a large backup is never one string in memory. Any failure (the stream cut, a line that is
 * not JSON) is the spec's 'Failed to load backup into memory'.
 */
export async function loadBackup(id: string, email: string): Promise<LoadedBackup> {
  const res = await api.backups[':id']['stream-data'].$get(
    { param: { id: encodeURIComponent(id) } },
    dataEmail(email),
  );
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const records: LoadedBackup['records'] = [];
  const counts: Record<string, number> = {};
  let rest = '';
  const take = (line: string) => {
    if (!line) return;
    const record = JSON.parse(line) as LoadedBackup['records'][number];
    records.push(record);
    counts[record.type] = (counts[record.type] ?? 0) + 1;
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const lines = (rest + value).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) take(line);
  }
  take(rest);
  return { id, counts, records };
}
