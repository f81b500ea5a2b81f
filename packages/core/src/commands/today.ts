import { decodeTime } from 'ulidx';
import { validation } from '../errors.ts';
import type { CommandContext } from './define.ts';

/**
 * How far ahead of the server's clock a device's clock may run before a command it dates is
 * refused: five minutes, the skew AWS request signing (and Kerberos) allow. Phones set their clocks
 * from the network; a larger gap is a wrong clock, and a "today" read from it would be wrong too.
 */
export const CLOCK_SKEW_MS = 5 * 60_000;

const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/i;

/**
 * When the user acted: the time in the command's id when it is a ULID (the web app makes one when
 * the user acts, so a command queued offline keeps the moment it was made); unknown otherwise.
 */
export function issuedAtOf(commandId: string): Date | undefined {
  return ULID.test(commandId) ? new Date(decodeTime(commandId.toUpperCase())) : undefined;
}

const HOUR_MS = 3_600_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The user's "today" sent with a command (the day on their device), checked against when the
 * command was made (`ctx.issuedAt`, else `ctx.now`): it must be the calendar date somewhere on
 * Earth at that moment (time zones run from UTC-12 to UTC+14), and that moment must not be in the
 * future beyond CLOCK_SKEW_MS. Without one, the UTC date of that moment. So a schedule cannot be
 * applied "from" a day the user was not living (which would get round 'There is no future.').
 */
export function userToday(ctx: CommandContext, today: string | undefined): string {
  const issued = (ctx.issuedAt ?? ctx.now).getTime();
  if (issued > ctx.now.getTime() + CLOCK_SKEW_MS) {
    throw validation('command.issued-in-future', { issuedAt: new Date(issued).toISOString() });
  }
  if (today === undefined) return dateOf(issued);
  if (today < dateOf(issued - 12 * HOUR_MS) || today > dateOf(issued + 14 * HOUR_MS)) {
    throw validation('validation.today-out-of-range', { today });
  }
  return today;
}
