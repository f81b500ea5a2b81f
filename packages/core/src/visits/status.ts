/**
 * A visit's status as stored: spec 000 section 3's numbers (0 = not done; spec 001's scheduled
 * visit names the three NotDone, Done, Skipped). Code names them, never the numbers.
 */
export const VisitStatus = { NotDone: 0, Done: 1, Skipped: 2 } as const;
export type VisitStatus = (typeof VisitStatus)[keyof typeof VisitStatus];
