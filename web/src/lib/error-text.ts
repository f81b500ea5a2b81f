import type { TFunction } from 'i18next';

/** The user-safe text of a failed call: the message key the API answered with, else a general one. */
export function errorText(t: TFunction, error: unknown): string {
  const e = error as { code?: unknown; params?: Record<string, unknown> } | undefined;
  if (e && typeof e.code === 'string') {
    const params = Object.fromEntries(
      Object.entries(e.params ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
    );
    return t(e.code, { ...params, defaultValue: t('general.error') });
  }
  return t('general.error');
}
