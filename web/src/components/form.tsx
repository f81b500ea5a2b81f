import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';

/** Small form pieces shared by the shell's screens, in the app's theme tokens. */
export const inputClass =
  'h-10 w-full rounded-md border bg-background px-3 text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60';
export const buttonClass =
  'inline-flex h-10 items-center justify-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground shadow-xs hover:opacity-90 disabled:opacity-50';
export const secondaryButtonClass =
  'inline-flex h-9 items-center justify-center gap-2 rounded-md border bg-background px-3 text-sm font-medium hover:bg-accent disabled:opacity-50';

export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child
    <label className="flex flex-col gap-1.5 text-sm">
      <span className="font-medium">{label}</span>
      {children}
      {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
      {error && (
        <span role="alert" className="text-xs text-destructive">
          {error}
        </span>
      )}
    </label>
  );
}

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section
      className={clsx('rounded-lg border bg-card p-4 text-card-foreground shadow-xs', className)}
      {...props}
    />
  );
}
