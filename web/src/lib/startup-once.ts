/**
 * Spec 000 section 2.1 redirects "on startup": once per app start (or per sign-in), not on every
 * navigation. The authenticated layout claims it; signing out resets it.
 */
let done = false;

/** True the first time it is called after a start or a reset. */
export function claimStartup(): boolean {
  if (done) return false;
  done = true;
  return true;
}

export function resetStartup() {
  done = false;
}
