import './strings.ts';
import { Customers, type Jobs, type Visits } from '@roundwise/core';
import { useNavigate } from '@tanstack/react-router';
import { BadgeCheck, Megaphone, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card, inputClass, secondaryButtonClass } from '../../components/form';
import { barButton } from '../../components/menu-bars/bar';
import { ContextMenuBar } from '../../components/menu-bars/context-menu-bar';
import { Screen } from '../../components/screen';
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
import { useEntities, useEntity } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/utils';
import { CustomerFormDialog } from './customer-form-dialog';
import { RatingsCard } from './ratings-card';
import { UtmDialog } from './utm-dialog';

/** The tabs of `customers/{customerId}/{tab}`; the payments tab comes from the payments feature. */
export const CUSTOMER_TABS = ['overview', 'jobs', 'schedule', 'messages', 'payments', 'notes'] as const;
export type CustomerTab = (typeof CUSTOMER_TABS)[number];

/**
 * One customer: the main bar with its tabs, a context bar (back, edit, delete) and the tab's
 * content. The jobs and schedule tabs come from the jobs feature through `tabs` (features do not
 * import each other; the route composes them), and what other areas add to the overview through
 * `overview` (at its foot).
 */
export function CustomerDetail({
  customerId,
  tab,
  tabs,
  overview,
}: {
  customerId: string;
  tab: CustomerTab;
  tabs: Partial<Record<CustomerTab, (customer: Customers.Customer) => ReactNode>>;
  overview?: (customer: Customers.Customer) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const customer = useEntity<Customers.Customer>('customer', customerId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [utm, setUtm] = useState(false);
  const back = () =>
    navigate({ to: '/customers/{-$customerId}/{-$tab}', params: { customerId: undefined, tab: undefined } });

  if (!customer)
    return (
      <Screen title={t('customers.title')}>
        <ContextMenuBar title={t('customers.not-found')} onBack={back} />
        <p className="py-16 text-center text-muted-foreground">{t('customers.not-found')}</p>
      </Screen>
    );
  const base = `/customers/${customerId}`;
  const content =
    tabs[tab]?.(customer) ??
    (tab === 'notes' ? (
      <NotesTab customer={customer} />
    ) : (
      <Overview customer={customer} extra={overview?.(customer)} />
    ));
  return (
    <Screen
      title={customer.name}
      tabs={CUSTOMER_TABS.map((name) => ({
        to: name === 'overview' ? base : `${base}/${name}`,
        label: t(`customers.tab.${name}`),
      }))}
      bars={
        <ContextMenuBar
          title={
            <span className="font-normal text-muted-foreground">
              {customer.address.addressDescription || t('customers.title')}
            </span>
          }
          onBack={back}
        >
          <button type="button" className={barButton} onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('general.edit')}</span>
          </button>
          <button type="button" className={barButton} onClick={() => setUtm(true)}>
            <Megaphone className="size-4" aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('customers.utm-open')}</span>
          </button>
          <button type="button" className={`${barButton} text-destructive`} onClick={() => setDeleting(true)}>
            <Trash2 className="size-4" aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('customers.delete')}</span>
          </button>
        </ContextMenuBar>
      }
    >
      {content}
      <CustomerFormDialog open={editing} onOpenChange={setEditing} customer={customer} />
      <UtmDialog open={utm} onOpenChange={setUtm} customer={customer} />
      <DeleteCustomerDialog open={deleting} onOpenChange={setDeleting} customer={customer} onDeleted={back} />
    </Screen>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Overview({ customer, extra }: { customer: Customers.Customer; extra?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { address } = customer;
  const utm = Object.entries(customer.utmParams ?? {}).filter(([, v]) => v);
  const none = <span className="text-muted-foreground">—</span>;
  return (
    <div className="flex flex-col gap-4" data-testid="customer-overview">
      <Card>
        <h2 className="mb-2 font-semibold">{t('customers.contact')}</h2>
        <dl>
          <Row label={t('customers.email')}>
            {customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : none}
          </Row>
          <Row label={t('customers.mobile')}>
            {customer.mobileNumber ? (
              <a href={`tel:${customer.mobileNumber}`}>{customer.mobileNumber}</a>
            ) : (
              none
            )}
          </Row>
          <Row label={t('customers.telephone')}>
            {customer.telephoneNumber ? (
              <a href={`tel:${customer.telephoneNumber}`}>{customer.telephoneNumber}</a>
            ) : (
              none
            )}
          </Row>
          <Row label={t('customers.contact-methods')}>
            {customer.contactMethods.length
              ? customer.contactMethods.map((m) => t(`customers.contact-method.${m}`)).join(', ')
              : t('customers.no-contact-methods')}
          </Row>
          <Row label={t('customers.marketing')}>
            {customer.marketingAccepted ? t('customers.marketing-yes') : t('customers.marketing-no')}
          </Row>
        </dl>
      </Card>
      <Card>
        <h2 className="mb-2 font-semibold">{t('customers.address')}</h2>
        <p className="whitespace-pre-wrap text-sm">{address.addressDescription || none}</p>
        {address.lngLat && (
          <p className="mt-1 flex items-center gap-1 text-xs text-muted-foreground">
            {address.isVerified && <BadgeCheck className="size-3.5 text-green-600" aria-hidden />}
            {/* The address above is what people read; the coordinates only say the map knows it. */}
            {t('customers.location-set')}
            {address.isVerified && <span className="sr-only">{t('customers.verified')}</span>}
          </p>
        )}
      </Card>
      <Card>
        <h2 className="mb-2 font-semibold">{t('customers.details')}</h2>
        <dl>
          <Row label={t('customers.state')}>{t(`customers.state-${customer.state}`)}</Row>
          <Row label={t('customers.source')}>{customer.source || none}</Row>
          <Row label={t('customers.tags')}>
            {customer.tags.length ? (
              <span className="flex flex-wrap gap-1">
                {customer.tags.map((tag) => (
                  <span key={tag} className="rounded-full border px-2 py-0.5 text-xs">
                    {tag}
                  </span>
                ))}
              </span>
            ) : (
              none
            )}
          </Row>
          <Row label={t('customers.created-date')}>
            {new Date(customer.createdDate).toLocaleDateString(i18n.language, { dateStyle: 'medium' })}
          </Row>
          <Row label={t('customers.payments')}>
            {[
              customer.automaticPaymentMethod &&
                t('customers.automatic-payment', { method: customer.automaticPaymentMethod }),
              customer.hideDirectDebitSignup && t('customers.hide-direct-debit-signup'),
              customer.hideCardProvider && t('customers.hide-card-provider'),
            ]
              .filter(Boolean)
              .join('; ') || none}
          </Row>
          {utm.length > 0 && (
            <Row label={t('customers.utm')}>
              {utm.map(([k, v]) => (
                <div key={k} className="text-xs">
                  {k}: {v}
                </div>
              ))}
            </Row>
          )}
        </dl>
      </Card>
      <RatingsCard customer={customer} />
      {customer.notes && (
        <Card>
          <h2 className="mb-2 font-semibold">{t('customers.notes')}</h2>
          <p className="whitespace-pre-wrap text-sm">{customer.notes}</p>
        </Card>
      )}
      {extra}
    </div>
  );
}

/**
 * The notes, edited in place. While the user types, a sync that brings someone else's change
 * does not replace their text; the note they started from is sent as the base, so the server
 * keeps both people's added lines (`Conflicts.mergeLines`).
 */
function NotesTab({ customer }: { customer: Customers.Customer }) {
  const { t } = useTranslation();
  const update = useCommand(Customers.update);
  const [draft, setDraft] = useState<{ text: string; base: string }>();
  const notes = draft?.text ?? customer.notes;
  const changed = draft !== undefined && draft.text !== customer.notes;
  return (
    <Card className="flex flex-col gap-3">
      <label className="flex flex-col gap-1.5 text-sm">
        <span className="font-medium">{t('customers.notes')}</span>
        <textarea
          rows={10}
          maxLength={10000}
          className={`${inputClass} h-auto py-2`}
          value={notes}
          onChange={(e) => setDraft({ text: e.target.value, base: draft?.base ?? customer.notes })}
        />
      </label>
      <div className="flex justify-end">
        <button
          type="button"
          className={buttonClass}
          disabled={!changed}
          onClick={() => {
            if (!draft) return;
            update.mutate(
              { _id: customer._id, changes: { notes: draft.text }, base: { notes: draft.base } },
              { onError: (e) => toast.error(errorText(t, e)) },
            );
            setDraft(undefined);
            toast.success(t('customers.notes-saved'));
          }}
        >
          {t('general.save')}
        </button>
      </div>
    </Card>
  );
}

/** States the cascade before it happens: the customer's jobs and their visits go too. */
function DeleteCustomerDialog({
  open,
  onOpenChange,
  customer,
  onDeleted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customer: Customers.Customer;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const remove = useCommand(Customers.delete);
  const jobs = useEntities<Jobs.Job>('job');
  const visitRecords = useEntities<Visits.VisitRecord>('visit');
  const counts = useMemo(() => {
    if (!open) return { jobs: 0, visits: 0 };
    const ids = new Set(
      Object.values(jobs)
        .filter((j) => j.customerId === customer._id)
        .map((j) => j._id),
    );
    let visits = 0;
    for (const o of Object.values(visitRecords)) if (ids.has(o.jobId)) visits++;
    return { jobs: ids.size, visits };
  }, [open, jobs, visitRecords, customer._id]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('customers.delete-title', { name: customer.name })}</DialogTitle>
          <DialogDescription>
            {t('customers.delete-cascade', { count: counts.jobs, visits: counts.visits })}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <button type="button" className={secondaryButtonClass} onClick={() => onOpenChange(false)}>
            {t('general.cancel')}
          </button>
          <button
            type="button"
            className={cn(buttonClass, 'bg-destructive text-destructive-foreground')}
            onClick={() => {
              remove.mutate({ _id: customer._id }, { onError: (e) => toast.error(errorText(t, e)) });
              toast.success(t('customers.deleted', { name: customer.name }));
              onOpenChange(false);
              onDeleted();
            }}
          >
            {t('customers.delete-confirm')}
          </button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
