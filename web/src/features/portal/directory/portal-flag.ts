/**
 * The spec's feature flag that opens the portal's screens before setup is done (spec 002 section
 * 2.5, "or a feature flag is on"). Kept on this device, as the remote-support switch is: a way in
 * for support and testing, not a plan feature (`localStorage['roundwise.portal-directory-open']`).
 */
const FLAG_KEY = 'roundwise.portal-directory-open';

export function portalFlagOn(): boolean {
  try {
    return localStorage.getItem(FLAG_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Whether `/portal-directory` opens, else the setup wizard (spec 002 section 2.5). */
export const entersPortal = (
  saved: { setupComplete?: boolean; isPublic?: string } | undefined,
  flag: boolean,
): boolean => flag || !!saved?.setupComplete || saved?.isPublic === 'y';
