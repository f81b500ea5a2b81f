import { answer, api } from './http';

/**
 * Remote support (spec 002 section 2.12): a switch, kept on this device only (a local flag, off
 * by default), that loads the support provider's script from the configured host so an agent can
 * see the screen. Payment and bank fields are masked: the provider is told, before its script
 * runs, to hide every element matching `MASKED` (the payment dialogs and the payment providers
 * mark themselves with `data-remote-support-mask`; card fields by their autocomplete names).
 */
const FLAG_KEY = 'roundwise.remote-support';
export const MASKED = '[data-remote-support-mask], input[autocomplete^="cc-"]';

declare global {
  interface Window {
    RoundwiseRemoteSupport?: { maskSelectors: string[] };
  }
}

export function remoteSupportOn(): boolean {
  try {
    return localStorage.getItem(FLAG_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Where the script loads from; `null` when this deployment offers no remote support. */
export async function remoteSupportScriptUrl(): Promise<string | null> {
  return (await answer(api['environment-settings'].remoteSupport.$get())).scriptUrl;
}

/** Loads the provider's script once per page, after telling it what to mask. */
export function loadRemoteSupport(scriptUrl: string) {
  if (document.querySelector('script[data-remote-support]')) return;
  window.RoundwiseRemoteSupport = { maskSelectors: [MASKED] };
  const script = document.createElement('script');
  script.src = scriptUrl;
  script.async = true;
  script.dataset.remoteSupport = '';
  document.head.append(script);
}

/**
 * Turns the switch on (loads the script now) or off. A script cannot be unloaded from a page,
 * so switching off reloads the app without it.
 */
export function setRemoteSupport(on: boolean, scriptUrl: string) {
  try {
    if (on) localStorage.setItem(FLAG_KEY, 'on');
    else localStorage.removeItem(FLAG_KEY);
  } catch {
    // Storage blocked: the switch holds for this page only.
  }
  if (on) loadRemoteSupport(scriptUrl);
  else if (document.querySelector('script[data-remote-support]')) location.reload();
}

/** At app start: load the script again when this device left the switch on. */
export async function resumeRemoteSupport() {
  if (!remoteSupportOn()) return;
  const url = await remoteSupportScriptUrl().catch(() => null);
  if (url) loadRemoteSupport(url);
}
