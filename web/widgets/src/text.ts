import strings from './en-GB.json';

/**
 * The widgets' words: their own small catalogue (`en-GB.json` here; the staff app's i18next is not
 * loaded on a business's site), each overridable by the business's `config.text`.
 */
export type TextKey = keyof typeof strings;

export function text(
  overrides: Record<string, string> | undefined,
  key: TextKey,
  vars: Record<string, string | number> = {},
) {
  const template = overrides?.[key] ?? strings[key];
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/**
 * A refusal's words: the server's message key where the widgets have it (a missing name, an
 * address...), else a general one; `network` when the server could not be reached.
 */
export function errorText(overrides: Record<string, string> | undefined, code: string) {
  if (code === 'network') return text(overrides, 'portal.error.offline');
  return text(overrides, Object.hasOwn(strings, code) ? (code as TextKey) : 'portal.error.generic');
}
