/** Spec 000 section 9: "developer-mode counter starts at 20". */
export const DEVELOPER_MODE_TAPS = 20;

export interface DeveloperModeTaps {
  /** Taps still needed; counts down from 20. */
  remaining: number;
  /** True on the tap that reaches zero: the caller turns developer mode on (`PATCH /api/me`). */
  turnOn: boolean;
}

/** The counter before the first tap on the version line. */
export const developerModeStart = (): DeveloperModeTaps => ({
  remaining: DEVELOPER_MODE_TAPS,
  turnOn: false,
});

/**
 * One tap on the version: the counter goes down by one; the 20th tap turns developer mode on and
 * the counter starts again. Already on, taps change nothing.
 */
export function developerModeTap(state: DeveloperModeTaps, alreadyOn: boolean): DeveloperModeTaps {
  if (alreadyOn) return { remaining: DEVELOPER_MODE_TAPS, turnOn: false };
  const remaining = state.remaining - 1;
  if (remaining <= 0) return { remaining: DEVELOPER_MODE_TAPS, turnOn: true };
  return { remaining, turnOn: false };
}
