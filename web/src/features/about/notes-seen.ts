// Apart from the notes themselves: the shell asks this at every start, and their words (the
// about area's catalogue) need not come with the entry.
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
