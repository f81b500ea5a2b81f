import type { Audit } from '@roundwise/core';

/** The audit actions the users security view reads (recorded by the server outside commands). */
export const SecurityActions = {
  signIn: 'auth.sign-in',
  signInFailed: 'auth.sign-in-failed',
  roleChange: 'users.update-member',
  invite: 'users.invite',
  inviteAccepted: 'invitations.accept',
} as const;
const KIND_OF: Record<string, Audit.SecurityKind> = {
  [SecurityActions.signIn]: 'sign-in',
  [SecurityActions.signInFailed]: 'sign-in-failed',
  [SecurityActions.roleChange]: 'role-change',
  [SecurityActions.invite]: 'invitation',
  [SecurityActions.inviteAccepted]: 'invitation',
};

/**
 * A browser and system family from a User-Agent header ("Chrome on Windows"): what a sign-in
 * records as its device, so a sign-in from a family the user never used before stands out. A
 * family, not the whole header: the header changes with every browser update.
 */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Unknown browser';
  const system = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'unknown system';
  return `${browser} on ${system}`;
}

const DEVICE_PREFIX = 'device: ';
/** The description a sign-in entry carries: its device, read back by `securityView`. */
export const signInDescription = (device: string) => `${DEVICE_PREFIX}${device}`;

/**
 * The users security view (route `users/audit`): the log's security entries grouped by the person
 * they are about. `people` maps user ids to their address and name (entries about a member name
 * the user id; invitations name the address). A sign-in from a device the user had not signed in
 * from before, in the entries read, is also counted as a new device (their first sign-in is not:
 * every device is new then).
 */
export function buildSecurityView(
  entries: readonly Audit.AuditEntry[],
  people: ReadonlyMap<string, { email: string; name?: string }>,
): Audit.UserSecurity[] {
  const byEmail = new Map<string, Audit.UserSecurity>();
  const oldestFirst = [...entries].sort((a, b) => a.timestamp.localeCompare(b.timestamp));
  const devicesSeen = new Map<string, Set<string>>();
  for (const entry of oldestFirst) {
    const kind = KIND_OF[entry.action];
    if (!kind) continue;
    const person =
      entry.subject.resourceType === 'user' ? people.get(entry.subject.id) : { email: entry.subject.id };
    const email = (person?.email ?? entry.subject.id).toLowerCase();
    let row = byEmail.get(email);
    if (!row) {
      row = {
        email,
        name: people.get(entry.subject.id)?.name ?? findName(people, email),
        counts: { 'sign-in': 0, 'sign-in-failed': 0, 'new-device': 0, 'role-change': 0, invitation: 0 },
        events: [],
      };
      byEmail.set(email, row);
    }
    const device = entry.actionDetailsDescription.startsWith(DEVICE_PREFIX)
      ? entry.actionDetailsDescription.slice(DEVICE_PREFIX.length)
      : undefined;
    let eventKind = kind;
    if (kind === 'sign-in' && device) {
      const seen = devicesSeen.get(email) ?? new Set<string>();
      if (seen.size > 0 && !seen.has(device)) eventKind = 'new-device';
      seen.add(device);
      devicesSeen.set(email, seen);
    }
    row.counts[eventKind]++;
    // A sign-in from a new device is a sign-in too.
    if (eventKind === 'new-device') row.counts['sign-in']++;
    row.events.unshift({
      kind: eventKind,
      timestamp: entry.timestamp,
      by: entry.createdBy,
      summary: entry.actionDetailsSummary ?? entry.actionDetailsDescription,
      ...(device ? { device } : {}),
    });
  }
  return [...byEmail.values()].sort((a, b) => a.email.localeCompare(b.email));
}

function findName(people: ReadonlyMap<string, { email: string; name?: string }>, email: string) {
  for (const p of people.values()) if (p.email.toLowerCase() === email) return p.name;
  return undefined;
}
