import type { Payments } from '@roundwise/core';
import { useTranslation } from 'react-i18next';
import { dayLabel } from '../../lib/format';
import { cn } from '../../lib/utils';
import { creditDebit } from './payment-words';

/** A payment in a short list (a customer's tab, an invoice): its day, words and amount; opens its detail. */
export function PaymentRow({
  payment: p,
  onOpen,
  testId,
  className,
}: {
  payment: Payments.Transaction;
  onOpen: (id: string) => void;
  testId: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <button
      type="button"
      data-testid={testId}
      onClick={() => onOpen(p._id)}
      className={cn('flex w-full items-center gap-2 rounded-md text-left text-sm hover:bg-accent', className)}
    >
      <span className={p.voidedId ? 'flex-1 line-through text-muted-foreground' : 'flex-1'}>
        {dayLabel(p.date, i18n.language)} · {p.description}
      </span>
      <span className="tabular-nums">{creditDebit(t, p.amount, i18n.language, p.currency)}</span>
    </button>
  );
}
