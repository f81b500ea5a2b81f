import { useSyncExternalStore } from 'react';

/**
 * Toasts without loading the toast library up front: sonner (and its Toaster) is about 15 KB of
 * gzipped JavaScript no first screen needs, so the first `toast.*` call loads it and asks the
 * root to mount the Toaster (`LazyToaster`). Sonner replays a toast made before its Toaster
 * subscribed, so nothing is lost on the way. Screens import `toast` from here, never from 'sonner'
 * (biome's `noRestrictedImports` says so).
 */
type Options = { description?: string };

let wanted = false;
const listeners = new Set<() => void>();

function show(kind: 'success' | 'error', message: string, options?: Options) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  loadSonner()
    .then(({ toast: sonner }) => sonner[kind](message, options))
    // Offline before the toast code was cached (a first visit whose service worker is still
    // installing): the message waits and shows once the code loads, instead of being lost or
    // breaking the screen.
    .catch(() => whenOnline(() => show(kind, message, options)));
}

let sonnerModule: Promise<typeof import('sonner')> | undefined;
function loadSonner() {
  sonnerModule ??= import('sonner').catch((error: unknown) => {
    sonnerModule = undefined; // try again next time
    throw error;
  });
  return sonnerModule;
}

/** Runs `retry` at the next 'online' event (the only moment a failed download may succeed). */
export function whenOnline(retry: () => void) {
  window.addEventListener('online', retry, { once: true });
}

export const toast = {
  success: (message: string, options?: Options) => show('success', message, options),
  error: (message: string, options?: Options) => show('error', message, options),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True once a toast was asked for: the root mounts the Toaster from then on. */
export const useToasterWanted = () => useSyncExternalStore(subscribe, () => wanted);
