import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { twMerge } from 'tailwind-merge';

/** The strip every menu bar sits in: one row under the main bar, sticky while the list scrolls. */
export function Bar({
  children,
  className,
  label,
}: {
  children: ReactNode;
  className?: string;
  label: string;
}) {
  return (
    <div
      role="toolbar"
      aria-label={label}
      className={twMerge(
        clsx('flex min-h-12 items-center gap-2 border-b bg-background px-3 py-1.5 text-sm', className),
      )}
    >
      {children}
    </div>
  );
}

export const barButton =
  'inline-flex h-9 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50';
