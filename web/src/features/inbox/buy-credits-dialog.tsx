import './strings.ts';
import { Credits, newId } from '@roundwise/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../components/form';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useOnline } from '../../lib/use-online';
import { creditPricingQuery } from './api/get-credit-pricing';
import { usePurchaseCredits } from './api/purchase-credits';
import { checkQuantity, costLabelKey } from './credits';

/**
 * Buying message credits (spec 000 sections 4, 5, 8 and 9): online only (`credits.online-check`);
 * the price is fetched for the quantity; the cost shows with 'inc. VAT' or '+ TAX'.
 */
export function BuyCreditsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const purchase = usePurchaseCredits();
  // This attempt's key: kept while its outcome is unknown (no answer, or still going through), so
  // tapping Buy again is the same purchase; a new one once the server has answered it.
  const [purchaseId, setPurchaseId] = useState(newId);
  const [text, setText] = useState(String(Credits.PURCHASE_DEFAULT));
  const [debounced, setDebounced] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const checked = checkQuantity(text);
  const asked = checkQuantity(debounced);
  const quantity = 'quantity' in asked ? asked.quantity : undefined;
  const pricing = useQuery({
    ...creditPricingQuery(quantity ?? 0),
    enabled: open && online && quantity !== undefined,
  });
  const price = pricing.data;
  const priced = price && typeof price.amount === 'number' && typeof price.taxPercentage === 'number';
  const cost =
    priced && quantity !== undefined
      ? Credits.purchaseCost(quantity, { amount: price.amount!, taxPercentage: price.taxPercentage! })
      : undefined;
  const money = (value: number) => value.toLocaleString('en-GB', { style: 'currency', currency: 'GBP' });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!online) {
      toast.error(t('credits.online-check'));
      return;
    }
    if (!('quantity' in checked)) return;
    purchase.mutate(
      { amount: checked.quantity, purchaseId },
      {
        onSuccess: (answer) => {
          if (answer.error !== 'credits.purchase-pending') setPurchaseId(newId());
          if (answer.success) {
            toast.success(
              t('credits.purchase-complete', { total: (answer.credits ?? 0).toLocaleString('en-GB') }),
            );
            onOpenChange(false);
          } else toast.error(answer.error ? t(answer.error) : t('credits.error-check-card'));
        },
        onError: (error) => toast.error(errorText(t, error) || t('credits.error-check-card')),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t('credits.buy-title')}</DialogTitle>
            <DialogDescription>{t('credits.buy-text')}</DialogDescription>
          </DialogHeader>
          {!online && (
            <p role="alert" className="text-sm text-destructive">
              {t('credits.online-check')}
            </p>
          )}
          <Field
            label={t('credits.quantity')}
            error={
              'error' in checked
                ? t(checked.error.key, 'params' in checked.error ? checked.error.params : {})
                : undefined
            }
          >
            <input
              className={inputClass}
              inputMode="numeric"
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={'error' in checked}
            />
          </Field>
          <p className="text-sm" data-testid="credit-cost" aria-live="polite">
            {cost !== undefined
              ? t(costLabelKey(i18n.language), { cost: money(cost) })
              : pricing.isError || (pricing.isSuccess && !priced)
                ? t('notifications.squeegee-pricing-unavailable')
                : '\u00a0'}
          </p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('general.cancel')}
            </Button>
            <Button type="submit" disabled={!online || 'error' in checked || purchase.isPending}>
              {t('credits.buy')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
