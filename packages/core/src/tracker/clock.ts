import { DEFAULT_TIME_ZONE, wallClock } from '../zoned.ts';

/**
 * Wall-clock reading of instants in one time zone: the tracker's days and hours are the
 * business's, whatever zone the server or a device runs in.
 */
export const TRACKER_TIME_ZONE = DEFAULT_TIME_ZONE;

/** The calendar day (`YYYY-MM-DD`) and the minute of that day (fractional) of `ms` in `timeZone`. */
export function localOf(ms: number, timeZone = TRACKER_TIME_ZONE): { day: string; minute: number } {
  const c = wallClock(ms, timeZone);
  const minute = +c.hour * 60 + +c.minute + +c.second / 60 + (ms % 1000) / 60_000;
  return { day: `${c.year}-${c.month}-${c.day}`, minute };
}

/** The instant of minute `minute` of `day` in `timeZone` (two passes settle a clock change). */
export function instantOf(day: string, minute: number, timeZone = TRACKER_TIME_ZONE): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(y, m - 1, d) + minute * 60_000;
  let at = wanted;
  for (let i = 0; i < 2; i++) {
    const seen = localOf(at, timeZone);
    const [sy, sm, sd] = seen.day.split('-').map(Number) as [number, number, number];
    at += wanted - (Date.UTC(sy, sm - 1, sd) + Math.round(seen.minute * 60_000));
  }
  return at;
}

/** "06:00" as minutes of the day; undefined for anything else. */
export function minutesOfTime(text: string): number | undefined {
  const m = /^(\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 60 + min : undefined;
}
