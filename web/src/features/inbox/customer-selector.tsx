import './strings.ts';
import type { Customers } from '@roundwise/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../components/form';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useEntityList } from '../../lib/sync/hooks';

const ROW = 56;

/**
 * The new-message button's customer selector (spec 002 section 2.3): search the account's
 * customers, tick one or several, then go on to the send dialog (several make a bulk email).
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
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const shown = useMemo(() => {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    return customers
      .filter((c) => c.state !== 'inactive' || words.length > 0)
      .filter((c) => {
        const hay = `${c.name} ${c.address.addressDescription} ${c.email}`.toLowerCase();
        return words.every((w) => hay.includes(w));
      })
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [customers, text]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 8,
  });
  const toggle = (id: string) =>
    setChosen((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const allShown = shown.length > 0 && shown.every((c) => chosen.has(c._id));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[90dvh] flex-col">
        <DialogHeader>
          <DialogTitle>{t('inbox.choose-customers')}</DialogTitle>
          <DialogDescription>{t('inbox.choose-customers-text')}</DialogDescription>
        </DialogHeader>
        <input
          className={inputClass}
          type="search"
          placeholder={t('inbox.search-customers')}
          aria-label={t('inbox.search-customers')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="flex items-center gap-2 px-1 text-sm">
          <Checkbox
            id="pick-all-shown"
            checked={allShown}
            onCheckedChange={(on) =>
              setChosen((s) => {
                const next = new Set(s);
                for (const c of shown) on ? next.add(c._id) : next.delete(c._id);
                return next;
              })
            }
          />
          <label htmlFor="pick-all-shown">{t('inbox.select-all-shown', { count: shown.length })}</label>
        </div>
        <div
          ref={scroller}
          className="min-h-40 flex-1 overflow-y-auto rounded-md border"
          data-testid="customer-selector"
        >
          <ul className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const c = shown[item.index]!;
              return (
                <li
                  key={c._id}
                  className="absolute inset-x-0 top-0 border-b"
                  style={{ height: ROW, transform: `translateY(${item.start}px)` }}
                >
                  <div className="flex h-full items-center gap-3 px-3 hover:bg-accent">
                    <Checkbox
                      id={`pick-${c._id}`}
                      checked={chosen.has(c._id)}
                      onCheckedChange={() => toggle(c._id)}
                    />
                    <label htmlFor={`pick-${c._id}`} className="min-w-0 flex-1 cursor-pointer">
                      <span className="block truncate font-medium">{c.name}</span>
                      <span className="block truncate text-xs text-muted-foreground">
                        {c.address.addressDescription || c.email || '—'}
                      </span>
                    </label>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('general.cancel')}
          </Button>
          <Button
            disabled={chosen.size === 0}
            onClick={() => {
              onChosen(customers.filter((c) => chosen.has(c._id)));
              setChosen(new Set());
              setText('');
            }}
          >
            {t('inbox.next', { count: chosen.size })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
