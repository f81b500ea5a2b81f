import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark' | 'system';
/** Also read by the inline script in index.html, before the first paint. */
const KEY = 'roundwise.theme';
const listeners = new Set<() => void>();
const dark = () => window.matchMedia('(prefers-color-scheme: dark)');

export function getTheme(): Theme {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

export function applyTheme(theme = getTheme()) {
  const isDark = theme === 'dark' || (theme === 'system' && dark().matches);
  document.documentElement.classList.toggle('dark', isDark);
}

export function setTheme(theme: Theme) {
  try {
    if (theme === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, theme);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

/** Follows the system setting while the choice is 'system'. */
export function watchSystemTheme() {
  const media = dark();
  const onChange = () => applyTheme();
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getTheme,
    () => 'system' as const,
  );
  return [theme, setTheme];
}
