import { isTimeZone } from './entity.ts';

/** The zone a business has until it sets its own. */
export const DEFAULT_TIME_ZONE = 'Europe/London';

type Part = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

/** One formatter per zone: making one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      // A zone stored before zones were checked (`TimeZone`) reads as the default, not a failure.
      timeZone: isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE,
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

/** The wall clock of `at` in `timeZone`, each part as the formatter writes it (zero-padded). */
export function wallClock(at: Date | number, timeZone: string): Record<Part, string> {
  const parts = formatterFor(timeZone).formatToParts(at);
  const get = (type: Part) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}
