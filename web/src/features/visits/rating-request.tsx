import './strings.ts';
import { actorFromMe, canNavigate, Notifications, newId, Visits } from '@roundwise/core';
import { Star } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { useMe } from '../../lib/me';
import type { Customer, Visit, VisitRecord } from '../../lib/schedule';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';

const LINK_FIELD = '[rating-link]';

/**
 * "Ask for a rating" on a visit done and not yet rated (spec 001 section 2.11): a message to the
 * customer, by a way they chose, whose `[rating-link]` becomes the rating page's link as it is
 * sent. Shown to those who may message customers (the server's rule for the command).
 */
export function RatingRequest({ item, customer }: { item: Visit; customer?: Customer }) {
  const { t } = useTranslation();
  const me = useMe();
  const records = useEntityList<VisitRecord>('visit');
  const [open, setOpen] = useState(false);
  const rated = !!records.find((r) => r._id === item.id)?.rating;
  const channels = customer ? Notifications.channelsOf(customer) : [];
  if (
    !customer ||
    item.status !== Visits.VisitStatus.Done ||
    rated ||
    channels.length === 0 ||
    !canNavigate(actorFromMe(me), 'customers').ok
  )
    return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Star aria-hidden />
        {t('schedule.rate-ask')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && (
          <DialogContent>
            <RequestForm
              item={item}
              customer={customer}
              channels={channels}
              business={me.account.businessName}
              onClose={() => setOpen(false)}
            />
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}

function RequestForm({
  item,
  customer,
  channels,
  business,
  onClose,
}: {
  item: Visit;
  customer: Customer;
  channels: ('Email' | 'SMS')[];
  business: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const request = useCommand(Notifications.requestRating);
  // One id per request: a second tap, or the queue's retry, sends the same message once.
  const [messageId] = useState(newId);
  const [type, setType] = useState(channels[0] ?? 'Email');
  const first = customer.name.split(' ')[0] ?? customer.name;
  const [subject, setSubject] = useState(() => t('schedule.rate-subject', { business }));
  const [content, setContent] = useState(() => t('schedule.rate-text', { name: first, business }));
  const [missing, setMissing] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!content.includes(LINK_FIELD)) return setMissing(true);
    request.mutate(
      {
        _id: messageId,
        jobId: item.jobId,
        isoDueDate: item.isoDueDate,
        type,
        content,
        ...(type === 'Email' && subject.trim() ? { subject } : {}),
      },
      { onError: (err) => toast.error(errorText(t, err)) },
    );
    toast.success(t('schedule.rate-sent', { name: customer.name }));
    onClose();
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{t('schedule.rate-title')}</DialogTitle>
        <DialogDescription>{t('schedule.rate-description', { name: customer.name })}</DialogDescription>
      </DialogHeader>
      {channels.length > 1 && (
        <fieldset className="flex gap-4">
          <legend className="sr-only">{t('schedule.rate-by')}</legend>
          {channels.map((c) => (
            <Label key={c} className="flex items-center gap-2 font-normal">
              <input type="radio" name="rate-type" checked={type === c} onChange={() => setType(c)} />
              {t(c === 'Email' ? 'schedule.rate-by-email' : 'schedule.rate-by-sms')}
            </Label>
          ))}
        </fieldset>
      )}
      {type === 'Email' && (
        <div className="grid gap-1.5">
          <Label htmlFor="rate-subject">{t('schedule.rate-subject-label')}</Label>
          <Input
            id="rate-subject"
            value={subject}
            maxLength={300}
            onChange={(e) => setSubject(e.target.value)}
          />
        </div>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor="rate-message">{t('schedule.rate-message-label')}</Label>
        <Textarea
          id="rate-message"
          rows={5}
          value={content}
          maxLength={10000}
          aria-invalid={missing}
          onChange={(e) => {
            setContent(e.target.value);
            setMissing(false);
          }}
        />
        <p className="text-sm text-muted-foreground">{t('schedule.rate-link-hint', { field: LINK_FIELD })}</p>
        {missing && (
          <p role="alert" className="text-sm text-destructive">
            {t('ratings.link-missing')}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t('general.cancel')}
        </Button>
        <Button type="submit">{t('schedule.rate-send')}</Button>
      </DialogFooter>
    </form>
  );
}
