import type { Backup } from './api/backups';

export interface WeekGroup {
  /** The Monday the week begins on, `YYYY-MM-DD` (local time). */
  weekBeginning: string;
  backups: Backup[];
}
export interface MonthGroup {
  /** `YYYY-MM` */
  month: string;
  weeks: WeekGroup[];
}
export interface YearGroup {
  year: string;
  months: MonthGroup[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The Monday on or before a day (the tracker's week, spec 002 section 9, also starts Monday). */
export function weekBeginning(date: Date): string {
  const monday = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  return localDate(monday);
}

/**
 * The 'Account Backup History' tree (spec 002 section 2.8): year, month, week beginning, newest
 * first at every level. A backup sits under the month of its own date, so a week that spans two
 * months shows in both, each with its own backups.
 */
export function groupBackups(backups: readonly Backup[]): YearGroup[] {
  const sorted = [...backups].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const years: YearGroup[] = [];
  for (const backup of sorted) {
    const date = new Date(backup.date);
    const year = String(date.getFullYear());
    const month = `${year}-${pad(date.getMonth() + 1)}`;
    const week = weekBeginning(date);
    if (years.at(-1)?.year !== year) years.push({ year, months: [] });
    const y = years.at(-1)!;
    if (y.months.at(-1)?.month !== month) y.months.push({ month, weeks: [] });
    const m = y.months.at(-1)!;
    if (m.weeks.at(-1)?.weekBeginning !== week) m.weeks.push({ weekBeginning: week, backups: [] });
    m.weeks.at(-1)!.backups.push(backup);
  }
  return years;
}
