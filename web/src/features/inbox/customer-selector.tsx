import './strings.ts';
import type { Customers } from '@roundwise/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerMultiPicker } from '../../components/customer-multi-picker';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useEntityList } from '../../lib/sync/hooks';

/**
 * The new-message button's customer selector (spec 002 section 2.3): the customer picker in its
 * many-customer form (search, a virtualised list, the chosen as removable chips), then on to the
 * send dialog (several make a bulk email).
 */
export function CustomerSelector({
  open,
  onOpenChange,
  onChosen,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChosen: (customers: Customers.Customer[]) => void;
}) {
  const { t } = useTranslation();
  const customers = useEntityList<Customers.Customer>('customer');
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[90dvh] flex-col">
        <DialogHeader>
          <DialogTitle>{t('inbox.choose-customers')}</DialogTitle>
          <DialogDescription>{t('inbox.choose-customers-text')}</DialogDescription>
        </DialogHeader>
        <CustomerMultiPicker value={chosen} onChange={setChosen} label={t('inbox.search-customers')} />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('general.cancel')}
          </Button>
          <Button
            disabled={chosen.length === 0}
            onClick={() => {
              const byId = new Map(customers.map((c) => [c._id, c]));
              onChosen(chosen.flatMap((id) => byId.get(id) ?? []));
              setChosen([]);
            }}
          >
            {t('inbox.next', { count: chosen.length })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
