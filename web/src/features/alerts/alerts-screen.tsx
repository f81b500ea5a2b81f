import './strings.ts';
import { type Actor, Alerts } from '@roundwise/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { clsx } from 'clsx';
import { Bell, Plus } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { Screen } from '../../components/screen';
import { Badge } from '../../components/ui/badge';
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
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { useProblem } from '../../lib/use-problem';

/** `alerts/{alertId?}`: the alerts this user may see (spec 000 section 6), newest first. */
export function AlertsScreen({ actor, alertId }: { actor: Actor; alertId?: string }) {
  const { t, i18n } = useTranslation();
  const all = useEntityList<Alerts.Alert>('alert');
  const alerts = useMemo(
    () => Alerts.alertsVisibleTo(actor, all).sort((a, b) => b.createdDate.localeCompare(a.createdDate)),
    [actor, all],
  );
  const selected = alerts.find((a) => a._id === alertId);
  const markRead = useCommand(Alerts.markRead);
  const [creating, setCreating] = useState(false);
  const canCreate = actor.roles.includes('Owner') || actor.roles.includes('Admin');

  useEffect(() => {
    if (selected && !selected.readBy.includes(actor.userId)) markRead.mutate({ _id: selected._id });
  }, [selected, actor.userId, markRead.mutate]);

  const date = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Screen
      title={t('alerts.title')}
      actions={
        canCreate && (
          <Button variant="outline" size="sm" className="h-9" onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('alerts.new')}</span>
          </Button>
        )
      }
    >
      <Dialog open={creating} onOpenChange={setCreating}>
        {creating && <NewAlertForm onDone={() => setCreating(false)} />}
      </Dialog>
      {selected && (
        <Card className="mb-4">
          <h2 className="text-lg font-semibold">{selected.title}</h2>
          <p className="text-xs text-muted-foreground">{date(selected.createdDate)}</p>
          <p className="mt-3 whitespace-pre-wrap text-sm">{selected.message}</p>
        </Card>
      )}
      {alerts.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-16 text-center text-muted-foreground">
          <Bell className="size-8" aria-hidden />
          <p>{t('alerts.empty')}</p>
        </div>
      ) : (
        <ul className="divide-y rounded-lg border">
          {alerts.map((a) => {
            const unread = !a.readBy.includes(actor.userId);
            return (
              <li key={a._id}>
                <Link
                  to="/alerts/{-$alertId}"
                  params={{ alertId: a._id }}
                  className={clsx(
                    'flex flex-col gap-0.5 px-4 py-3 hover:bg-accent',
                    a._id === alertId && 'bg-accent',
                  )}
                >
                  <span className="flex items-center gap-2">
                    <span className={clsx('min-w-0 flex-1 truncate', unread && 'font-semibold')}>
                      {a.title}
                    </span>
                    {unread && <Badge>{t('alerts.unread')}</Badge>}
                    <span className="shrink-0 text-xs text-muted-foreground">{date(a.createdDate)}</span>
                  </span>
                  {a.message && <span className="truncate text-sm text-muted-foreground">{a.message}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Screen>
  );
}

function NewAlertForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCommand(Alerts.create);
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState('');
  const [error, setError] = useProblem();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) {
      setError('alerts.title-required');
      return;
    }
    create.mutate({
      title,
      message,
      audience: audience
        .split(/[,\s]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    });
    toast.success(t('alerts.created'));
    onDone();
    void navigate({ to: '/alerts/{-$alertId}', params: { alertId: undefined } });
  };
  return (
    <DialogContent>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <DialogHeader>
          <DialogTitle>{t('alerts.new')}</DialogTitle>
          <DialogDescription>{t('alerts.new-description')}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          <Label htmlFor="alert-title">{t('alerts.field-title')}</Label>
          <Input
            id="alert-title"
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              setError(undefined);
            }}
            maxLength={200}
            aria-invalid={!!error}
          />
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="alert-message">{t('alerts.field-message')}</Label>
          <Textarea
            id="alert-message"
            className="h-28"
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            maxLength={5000}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="alert-audience">{t('alerts.field-audience')}</Label>
          <Input
            id="alert-audience"
            value={audience}
            inputMode="email"
            onChange={(e) => setAudience(e.target.value)}
            aria-describedby="alert-audience-hint"
          />
          <p id="alert-audience-hint" className="text-xs text-muted-foreground">
            {t('alerts.field-audience-hint')}
          </p>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {t('general.cancel')}
          </Button>
          <Button type="submit">{t('alerts.send')}</Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
