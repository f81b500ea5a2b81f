import { describe, expect, it } from 'vitest';
import { DEVELOPER_MODE_TAPS, developerModeStart, developerModeTap } from './developer-mode.ts';

describe('developer mode taps (spec 000 section 9: "developer-mode counter starts at 20")', () => {
  it('starts at 20', () => {
    expect(DEVELOPER_MODE_TAPS).toBe(20);
    expect(developerModeStart().remaining).toBe(20);
  });
  it('turns developer mode on at the 20th tap, not before, then starts again', () => {
    let state = developerModeStart();
    for (let i = 1; i < 20; i++) {
      state = developerModeTap(state, false);
      expect(state).toEqual({ remaining: 20 - i, turnOn: false });
    }
    state = developerModeTap(state, false);
    expect(state).toEqual({ remaining: 20, turnOn: true });
  });
  it('does nothing when developer mode is already on', () => {
    expect(developerModeTap({ remaining: 1, turnOn: false }, true)).toEqual({ remaining: 20, turnOn: false });
  });
});
