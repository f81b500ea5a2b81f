import './strings.ts';
import { Customers } from '@roundwise/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, inputClass, secondaryButtonClass } from '../../components/form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';

type Utm = Customers.UtmParams;
const clean = (p: Utm): Utm =>
  Object.fromEntries(
    Object.entries(p)
      .filter(([, v]) => (v ?? '').trim() !== '')
      .map(([k, v]) => [k, v?.trim()]),
  );
const same = (a: Utm, b: Utm) => Customers.UTM_KEYS.every((k) => (a[k] ?? '') === (b[k] ?? ''));

/**
 * The customer's UTM parameters dialog (spec 001 sections 2.11 and 5): the six parameters of
 * their first touch, editable, Save disabled until something changed; the last touch (a portal
 * lead, a campaign's quote link) is shown beside it, as recorded.
 */
export function UtmDialog({
  open,
  onOpenChange,
  customer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customer: Customers.Customer;
}) {
  const { t } = useTranslation();
  const update = useCommand(Customers.update);
  const saved = customer.utmParams ?? {};
  const [draft, setDraft] = useState<Utm>(saved);
  const changed = !same(clean(draft), clean(saved));
  const last = customer.utmLastTouch;
  const save = () => {
    update.mutate(
      { _id: customer._id, changes: { utmParams: clean(draft) }, base: { utmParams: customer.utmParams } },
      { onError: (e) => toast.error(errorText(t, e)) },
    );
    toast.success(t('customers.utm-saved'));
    onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(saved);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('customers.utm-title')}</DialogTitle>
          <DialogDescription>{t('customers.utm-description')}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (changed) save();
          }}
        >
          {Customers.UTM_KEYS.map((key) => (
            <label key={key} className="flex flex-col gap-1.5 text-sm">
              <span className="font-medium">{key}</span>
              <input
                className={inputClass}
                maxLength={200}
                value={draft[key] ?? ''}
                onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
              />
            </label>
          ))}
          {last && Customers.hasUtm(last) && (
            <div
              className="rounded-md border bg-muted/40 p-3 text-sm sm:col-span-2"
              data-testid="utm-last-touch"
            >
              <p className="font-medium">{t('customers.utm-last-touch')}</p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
                {Customers.UTM_KEYS.filter((k) => last[k]).map((k) => (
                  <div key={k} className="contents">
                    <dt className="text-muted-foreground">{k}</dt>
                    <dd className="break-all">{last[k]}</dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
          <DialogFooter className="sm:col-span-2">
            <button type="button" className={secondaryButtonClass} onClick={() => onOpenChange(false)}>
              {t('general.cancel')}
            </button>
            <button type="submit" className={buttonClass} disabled={!changed}>
              {t('general.save')}
            </button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
