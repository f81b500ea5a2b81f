import type { ReactNode } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet.tsx';

export interface SheetPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side?: 'left' | 'right' | 'top' | 'bottom';
  className?: string;
  showCloseButton?: boolean;
  /** For screen readers only (the sheet's own content says what it is on screen). */
  title: string;
  description: string;
  children: ReactNode;
}

/** A sheet with a screen-reader title and description: what `LazySheet` loads. */
export function SheetPanel({
  open,
  onOpenChange,
  title,
  description,
  children,
  ...content
}: SheetPanelProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent {...content}>
        <SheetTitle className="sr-only">{title}</SheetTitle>
        <SheetDescription className="sr-only">{description}</SheetDescription>
        {children}
      </SheetContent>
    </Sheet>
  );
}
