import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';

/**
 * A labelled input of the auth forms. `error` is a message key (the zod schemas of core use the
 * catalogue's keys), shown under the input and linked to it for screen readers.
 */
export function AuthField({
  id,
  label,
  error,
  hint,
  ...input
}: React.ComponentProps<typeof Input> & { id: string; label: string; error?: string; hint?: string }) {
  const { t } = useTranslation();
  const described = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={!!error} aria-describedby={described || undefined} {...input} />
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {t(error)}
        </p>
      )}
    </div>
  );
}

/** The API's refusal above the submit button, as an alert so screen readers read it at once. */
export function FormAlert({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {text}
    </p>
  );
}
