/**
 * Replacement tokens (spec 001 sections 2.10 and 5): message text may contain `[name=?]`; the user
 * is asked for a value for each before the message is sent. Template subjects and SMS texts use the
 * same placeholders (spec 002 section 5, "[field=?]"), so the parsing is shared here in core.
 */
const TOKEN = /\[([^[\]=\n]+)=\?\]/g;

/** The distinct token names in `text`, in the order they first appear (trimmed). */
export function findTokens(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const name = match[1]!.trim();
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

/** `text` with every `[name=?]` whose name has a value replaced by it; the others stay as written. */
export function replaceTokens(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(TOKEN, (whole, raw: string) => {
    const value = values[raw.trim()];
    return value === undefined ? whole : value;
  });
}
