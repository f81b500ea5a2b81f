import '../strings.ts';
import type { Customers } from '@roundwise/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Session, sessionKey } from '../../../../widgets/src/context';
import { useShownCustomers } from '../../../components/customer-picker';
import { inputClass } from '../../../components/form';
import { errorText } from '../../../lib/errors';
import { answer, api } from '../../../lib/http';
import { toast } from '../../../lib/toast';

/** Who the editor shows the layout to: a signed-out visitor, or a customer by "View As". */
export type Viewer = { state: 'signed-out' } | { state: 'signed-in'; id: string; name: string };

const ROW = 36;
/** The list shows up to 8 rows, then scrolls (spec 002 section 9). */
const VISIBLE_ROWS = 8;

/**
 * 'View As' a customer (spec 002 sections 2.5 and 4): choosing one opens a view-only session
 * (`GET /api/directory/session/{customerId}`), kept where the portal's widgets look for it, and the
 * editor shows the layout as that customer sees it; choosing no one clears the session and shows
 * it signed out. A virtualised list, so thousands of customers cost the same as ten.
 */
export function ViewAs({
  handle,
  viewer,
  onViewer,
}: {
  handle: string | undefined;
  viewer: Viewer;
  onViewer: (viewer: Viewer) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const { shown } = useShownCustomers(text);
  const scroller = useRef<HTMLDivElement>(null);
  const options: (Customers.Customer | undefined)[] = [undefined, ...shown];
  const virtualizer = useVirtualizer({
    count: options.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 4,
  });

  const choose = async (c: Customers.Customer | undefined) => {
    if (!c) {
      if (handle) sessionStorage.removeItem(sessionKey(handle));
      onViewer({ state: 'signed-out' });
      return;
    }
    setBusy(true);
    try {
      const { data } = await answer(
        api.directory.session[':customerId'].$get({ param: { customerId: c._id } }),
      );
      const session: Session = { token: data.session.token, customerName: c.name };
      if (handle) sessionStorage.setItem(sessionKey(handle), JSON.stringify(session));
      onViewer({ state: 'signed-in', id: c._id, name: c.name });
    } catch (e) {
      toast.error(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  const chosenId = viewer.state === 'signed-in' ? viewer.id : undefined;

  return (
    <div className="flex flex-col gap-2" aria-busy={busy}>
      <input
        type="search"
        className={inputClass}
        aria-label={t('portal.editor.view-as-search')}
        placeholder={t('portal.editor.view-as-search')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div
        ref={scroller}
        className="overflow-y-auto rounded-md border"
        style={{ maxHeight: ROW * VISIBLE_ROWS }}
        data-testid="view-as-list"
      >
        <div
          role="listbox"
          aria-label={t('portal.view-as')}
          className="relative"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((row) => {
            const c = options[row.index];
            const selected = c ? c._id === chosenId : !chosenId;
            return (
              <div
                key={c?._id ?? 'none'}
                role="option"
                aria-selected={selected}
                tabIndex={0}
                className={clsx(
                  'absolute inset-x-0 top-0 flex cursor-pointer items-center truncate px-3 text-sm hover:bg-accent',
                  selected && 'bg-accent font-medium',
                )}
                style={{ height: ROW, transform: `translateY(${row.start}px)` }}
                onClick={() => void choose(c)}
                onKeyDown={(e) => e.key === 'Enter' && void choose(c)}
              >
                {c ? c.name : t('portal.editor.view-as-none')}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
