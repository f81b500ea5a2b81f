import './strings.ts';
/** What changed, newest first; the about screen lists them (spec 000 section 2.1, step 4). */
export const releaseNotes: { version: string; date: string; key: string }[] = [
  { version: '0.1.0', date: '2026-11-21', key: 'about.notes-0-1-0' },
];
