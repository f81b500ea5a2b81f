import { isTimeZone } from '../entity.ts';

/**
 * Wall-clock reading of instants in one time zone: the tracker's days and hours are the
 * business's, whatever zone the server or a device runs in.
 */
export const TRACKER_TIME_ZONE = 'Europe/London';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: isTimeZone(timeZone) ? timeZone : TRACKER_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The calendar day (`YYYY-MM-DD`) and the minute of that day (fractional) of `ms` in `timeZone`. */
export function localOf(ms: number, timeZone = TRACKER_TIME_ZONE): { day: string; minute: number } {
  const parts = formatterFor(timeZone).formatToParts(new Date(ms));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const minute =
    Number(get('hour')) * 60 + Number(get('minute')) + Number(get('second')) / 60 + (ms % 1000) / 60_000;
  return { day: `${get('year')}-${get('month')}-${get('day')}`, minute };
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
