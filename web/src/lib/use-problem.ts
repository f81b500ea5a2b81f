import type { TFunction } from 'i18next';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './errors';

type Values = Record<string, unknown>;
export type Problem = { key: string; values?: Values } | { error: unknown };

/**
 * A problem's text now: blank while its words are on their way, 'general.validation-failed' for
 * a key that has no text at all (the raw key is never shown).
 */
export function problemText(t: TFunction, problem: Problem): string {
  if (!('key' in problem)) return errorText(t, problem.error);
  const text = String(t(problem.key, problem.values));
  return text === problem.key ? t('general.validation-failed') : text;
}

/**
 * A form's refusal kept as its message key (or the refused error), translated where it is shown.
 * Error texts load on demand (`lib/i18n.ts`): a text translated when the refusal happened would
 * stay blank if its words were still on their way; a key is translated again when they arrive
 * (react-i18next renders again when words are added: `bindI18nStore` in `lib/i18n.ts`).
 *
 *   const [error, setError] = useProblem();
 *   setError(key, { name });               // a message key, with its values if it has any
 *   setError(refusal);                      // an error a command or the API threw
 *   setError(undefined);                    // cleared
 */
export function useProblem() {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<Problem>();
  const text = problem && problemText(t, problem);
  const set = useCallback((keyOrError?: unknown, values?: Values) => {
    if (keyOrError === undefined) setProblem(undefined);
    else if (typeof keyOrError === 'string') setProblem({ key: keyOrError, values });
    else setProblem({ error: keyOrError });
  }, []);
  return [text, set] as const;
}
