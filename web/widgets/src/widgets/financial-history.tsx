/** @jsxImportSource preact */
import type { WidgetProps } from '../context.ts';
import { defineWidget } from '../define-widget.tsx';
import { formatDay, formatMoney, MeGate, useMe } from '../me.tsx';
import { text } from '../text.ts';
import { LIST_CSS } from '../visit.ts';

/** What the customer owes and every invoice and payment, newest first. */
function FinancialHistory({ portal }: WidgetProps) {
  const { state } = useMe(portal, ({ api, param, headers }) =>
    api.me.transactions.$get({ param }, { headers }),
  );
  const t = portal.data?.text;
  return (
    <MeGate portal={portal} state={state} title={text(t, 'portal.money.title')}>
      {({ balance, transactions }) => (
        <div>
          <p>
            <strong>
              {text(t, balance > 0 ? 'portal.money.owing' : 'portal.money.in-credit', {
                amount: formatMoney(Math.abs(balance)),
              })}
            </strong>
          </p>
          {transactions.length === 0 ? (
            <p class="muted">{text(t, 'portal.money.empty')}</p>
          ) : (
            <ul class="list">
              {transactions.map((tx) => (
                <li key={tx.id}>
                  <span class="muted">{formatDay(tx.date)}</span>
                  <span>{tx.invoiceNumber ?? tx.description}</span>
                  <span>{formatMoney(Math.abs(tx.amount))}</span>
                  {tx.status === 'pending' && <span class="muted">{text(t, 'portal.money.pending')}</span>}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </MeGate>
  );
}

export default defineWidget(FinancialHistory, LIST_CSS);
