import './strings.ts';
import { Visits } from '@roundwise/core';
import { useRouter } from '@tanstack/react-router';
import {
  ArrowDown,
  ArrowUp,
  CalendarArrowUp,
  NotebookPen,
  PoundSterling,
  SkipForward,
  User,
  UserPlus,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import type { Customer, Visit } from '../../lib/schedule';
import { customerHref } from './customer-link';
import type { VisitDialogKind } from './visit-dialogs';

export interface VisitRowMenuProps {
  item: Visit;
  customer: Customer | undefined;
  canPlan: boolean;
  onDialog: (kind: VisitDialogKind, item: Visit) => void;
  onMove?: (item: Visit, by: -1 | 1) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The row's "more" button. */
  trigger: ReactNode;
}

/**
 * A visit row's "more" menu: skip, notes, and for planners price, assign, move date, reorder and
 * the customer. Its own chunk, loaded on first use (visit-row.tsx `RowMenu`).
 */
export function VisitRowMenu({
  item,
  customer,
  canPlan,
  onDialog,
  onMove,
  open,
  onOpenChange,
  trigger,
}: VisitRowMenuProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {item.status === Visits.VisitStatus.NotDone && (
          <DropdownMenuItem onSelect={() => onDialog('skip', item)}>
            <SkipForward aria-hidden />
            {t('schedule.skip')}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => onDialog('notes', item)}>
          <NotebookPen aria-hidden />
          {t('schedule.notes')}
        </DropdownMenuItem>
        {canPlan && (
          <>
            <DropdownMenuItem onSelect={() => onDialog('price', item)}>
              <PoundSterling aria-hidden />
              {t('schedule.change-price')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onDialog('assign', item)}>
              <UserPlus aria-hidden />
              {t('schedule.assign')}
            </DropdownMenuItem>
            {item.status !== Visits.VisitStatus.Done && (
              <DropdownMenuItem onSelect={() => onDialog('move', item)}>
                <CalendarArrowUp aria-hidden />
                {t('schedule.move-date')}
              </DropdownMenuItem>
            )}
          </>
        )}
        {onMove && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => onMove(item, -1)}>
              <ArrowUp aria-hidden />
              {t('schedule.move-up')}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onMove(item, 1)}>
              <ArrowDown aria-hidden />
              {t('schedule.move-down')}
            </DropdownMenuItem>
          </>
        )}
        {canPlan && customer && (
          <>
            <DropdownMenuSeparator />
            <ViewCustomerItem customerId={customer._id} label={t('schedule.view-customer')} />
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** "View customer" in a row's menu: the router is read here, once the menu is open, not per row. */
function ViewCustomerItem({ customerId, label }: { customerId: string; label: string }) {
  const router = useRouter();
  return (
    <DropdownMenuItem onSelect={() => router.navigate({ href: customerHref(customerId) })}>
      <User aria-hidden />
      {label}
    </DropdownMenuItem>
  );
}
