import './strings.ts';
/** What changed, newest first; the about screen lists them (spec 000 section 2.1, step 4). */
export const releaseNotes: { version: string; date: string; key: string }[] = [
  { version: '0.1.0', date: '2026-11-21', key: 'about.notes-0-1-0' },
];

const SEEN_KEY = 'roundwise.release-notes-seen';

/**
 * New release notes: this version differs from the one whose notes the user last saw. A first
 * start records the version without showing anything (nothing is new to a new user).
 */
export function hasNewReleaseNotes(version: string): boolean {
  try {
    const seen = localStorage.getItem(SEEN_KEY);
    if (seen === null) localStorage.setItem(SEEN_KEY, version);
    return seen !== null && seen !== version;
  } catch {
    return false;
  }
}

export function markReleaseNotesSeen(version: string) {
  try {
    localStorage.setItem(SEEN_KEY, version);
  } catch {
    // Storage unavailable: the notes may show again next start.
  }
}
