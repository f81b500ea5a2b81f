import { isIsoDate } from '../schedule/dates.ts';
import type { IncomingLine } from './schema.ts';

/**
 * A bank statement file read into lines: the banks' CSV exports (a header row naming date,
 * description or payee, and an amount or paid in / paid out columns; dates as `YYYY-MM-DD` or
 * UK `DD/MM/YYYY`) and OFX (each `STMTTRN`: `DTPOSTED`, `TRNAMT`, `FITID`, `NAME`, `MEMO`).
 * A file with no line it can read is `banking.file-unreadable`; the line at fault is named.
 */
export function parseStatement(
  text: string,
): { format: 'csv' | 'ofx'; lines: IncomingLine[] } | { error: string; row?: number } {
  if (/<OFX>/i.test(text) || /<STMTTRN>/i.test(text)) return { format: 'ofx', lines: parseOfx(text) };
  return parseCsv(text);
}

function parseOfx(text: string): IncomingLine[] {
  const lines: IncomingLine[] = [];
  for (const block of text.split(/<STMTTRN>/i).slice(1)) {
    const field = (name: string) => new RegExp(`<${name}>([^<\\r\\n]*)`, 'i').exec(block)?.[1]?.trim() ?? '';
    const posted = field('DTPOSTED');
    const date = `${posted.slice(0, 4)}-${posted.slice(4, 6)}-${posted.slice(6, 8)}`;
    const amount = Number(field('TRNAMT'));
    if (!isIsoDate(date) || !Number.isFinite(amount) || amount === 0) continue;
    lines.push({
      providerId: field('FITID') || undefined,
      status: 'booked',
      date,
      amount: Math.round(amount * 100) / 100,
      payee: field('NAME'),
      description: field('MEMO'),
    });
  }
  return lines;
}

function parseCsv(text: string) {
  const rows = text
    .split(/\r?\n/)
    .filter((r) => r.trim())
    .map(splitRow);
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const col = (...names: string[]) => header.findIndex((h) => names.some((n) => h === n || h.includes(n)));
  const date = col('date');
  const payee = col('payee', 'name', 'counterparty');
  const description = col('description', 'reference', 'memo', 'details');
  const amount = col('amount', 'value');
  const paidIn = col('paid in', 'credit', 'money in');
  const paidOut = col('paid out', 'debit', 'money out');
  const id = col('transaction id', 'id');
  if (date < 0 || (amount < 0 && paidIn < 0 && paidOut < 0)) return { error: 'banking.file-unreadable' };
  const lines: IncomingLine[] = [];
  for (let i = 1; i < rows.length; i++) {
    const r = rows[i] ?? [];
    const day = isoOf(r[date] ?? '');
    const money = amount >= 0 ? number(r[amount]) : number(r[paidIn]) - number(r[paidOut]);
    if (!day || !Number.isFinite(money)) return { error: 'banking.file-row-invalid', row: i + 1 };
    if (money === 0) continue;
    lines.push({
      providerId: id >= 0 && r[id] ? r[id] : undefined,
      status: 'booked',
      date: day,
      amount: Math.round(money * 100) / 100,
      payee: (payee >= 0 ? r[payee] : r[description]) ?? '',
      description: (description >= 0 ? r[description] : '') ?? '',
    });
  }
  return { format: 'csv' as const, lines };
}

/** One CSV row: commas outside double quotes split it, `""` is a quote. */
function splitRow(row: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < row.length; i++) {
    const c = row[i];
    if (quoted) {
      if (c === '"' && row[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

const number = (text: string | undefined) => (text ? Number(text.replace(/[£,\s]/g, '')) : 0);

function isoOf(text: string): string | undefined {
  const t = text.trim();
  if (isIsoDate(t)) return t;
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (!uk) return undefined;
  const iso = `${uk[3]}-${uk[2]?.padStart(2, '0')}-${uk[1]?.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : undefined;
}
