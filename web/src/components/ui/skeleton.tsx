import type * as React from 'react';
import { cn } from '../../lib/utils.ts';

/** A grey placeholder in the shape of content still loading. */
export function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
