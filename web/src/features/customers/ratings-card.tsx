import './strings.ts';
import type { Customers, Visits } from '@roundwise/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card, secondaryButtonClass } from '../../components/form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { errorText } from '../../lib/errors';
import { answer, api } from '../../lib/http';
import { meQuery, useMe } from '../../lib/me';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';

type Rated = Visits.VisitRecord & { rating: NonNullable<Visits.VisitRecord['rating']> };

const Stars = ({ n, label }: { n: number; label: string }) => (
  <span className="inline-flex text-amber-500" role="img" aria-label={label}>
    {[1, 2, 3, 4, 5].map((i) => (
      <Star key={i} className="size-4" fill={i <= n ? 'currentColor' : 'none'} aria-hidden />
    ))}
  </span>
);

/**
 * The customer's ratings of their visits, each opening the rating view dialog (spec 001 section
 * 2.11), where an Owner or Admin publishes it to the portal or takes it back.
 */
export function RatingsCard({ customer }: { customer: Customers.Customer }) {
  const { t } = useTranslation();
  const visits = useEntityList<Visits.VisitRecord>('visit');
  const rated = visits
    .filter((v): v is typeof v & Rated => v.customerId === customer._id && !!v.rating)
    .sort((a, b) => b.rating.date.localeCompare(a.rating.date));
  const [open, setOpen] = useState<Rated>();
  if (rated.length === 0) return null;
  return (
    <Card>
      <h2 className="mb-2 font-semibold">{t('customers.ratings')}</h2>
      <ul className="flex flex-col divide-y">
        {rated.map((v) => (
          <li key={v._id}>
            <button
              type="button"
              className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 py-2 text-left text-sm hover:bg-muted"
              onClick={() => setOpen(v)}
            >
              <Stars n={v.rating.rating} label={t('customers.rating-stars', { count: v.rating.rating })} />
              <span className="text-muted-foreground">{v.isoDueDate}</span>
              <span className="min-w-0 flex-1 truncate">{v.rating.feedback}</span>
            </button>
          </li>
        ))}
      </ul>
      {open && <RatingDialog visit={open} onClose={() => setOpen(undefined)} />}
    </Card>
  );
}

function RatingDialog({ visit, onClose }: { visit: Rated; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const client = useQueryClient();
  const published = me.account.settings.publicRatings.some((r) => r.appointmentId === visit._id);
  const mayPublish = me.roles.includes('Owner') || me.roles.includes('Admin');
  const change = useMutation({
    mutationFn: (publish: boolean) => {
      const param = { visitId: visit._id };
      return answer(
        publish
          ? api.account['public-ratings'][':visitId'].$put({ param })
          : api.account['public-ratings'][':visitId'].$delete({ param }),
      );
    },
    onSuccess: (next, publish) => {
      client.setQueryData(meQuery.queryKey, next);
      toast.success(t(publish ? 'customers.rating-published' : 'customers.rating-unpublished'));
    },
    onError: (e) => toast.error(errorText(t, e)),
  });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('customers.rating-title', { name: visit.rating.displayName })}</DialogTitle>
          <DialogDescription>
            {t('customers.rating-description', { date: visit.isoDueDate })}
          </DialogDescription>
        </DialogHeader>
        <Stars n={visit.rating.rating} label={t('customers.rating-stars', { count: visit.rating.rating })} />
        <p className="whitespace-pre-line text-sm">
          {visit.rating.feedback || t('customers.rating-no-feedback')}
        </p>
        <p className="text-sm font-medium" data-testid="rating-state">
          {t(published ? 'customers.rating-is-published' : 'customers.rating-is-private')}
        </p>
        <DialogFooter>
          <button type="button" className={secondaryButtonClass} onClick={onClose}>
            {t('general.close')}
          </button>
          {mayPublish && (
            <button
              type="button"
              className={buttonClass}
              disabled={change.isPending}
              onClick={() => change.mutate(!published)}
            >
              {t(published ? 'customers.rating-unpublish' : 'customers.rating-publish')}
            </button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
