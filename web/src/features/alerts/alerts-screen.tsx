import { type Actor, Alerts } from '@roundwise/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { clsx } from 'clsx';
import { Bell, Plus } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card, Field, inputClass, secondaryButtonClass } from '../../components/form';
import { Screen } from '../../components/screen';
import { useCommand } from '../../lib/commands/use-command';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';

/** `alerts/{alertId?}`: the alerts this user may see (spec 000 section 6), newest first. */
export function AlertsScreen({ actor, alertId }: { actor: Actor; alertId?: string }) {
  const { t, i18n } = useTranslation();
  const all = useEntityList<Alerts.Alert>('alert');
  const alerts = useMemo(
    () => Alerts.alertsVisibleTo(actor, all).sort((a, b) => b.createdDate.localeCompare(a.createdDate)),
    [actor, all],
  );
  const selected = alerts.find((a) => a._id === alertId);
  const markRead = useCommand<{ _id: string }>('alerts.mark-read');
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
          <button type="button" className={secondaryButtonClass} onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('alerts.new')}</span>
          </button>
        )
      }
    >
      {creating && <NewAlertForm onDone={() => setCreating(false)} />}
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
                    {unread && (
                      <>
                        <span className="size-2 rounded-full bg-primary" aria-hidden />
                        <span className="sr-only">{t('alerts.unread')}</span>
                      </>
                    )}
                    <span className={clsx('flex-1 truncate', unread && 'font-semibold')}>{a.title}</span>
                    <span className="text-xs text-muted-foreground">{date(a.createdDate)}</span>
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
  const create = useCommand<{ title: string; message: string; audience: string[] }>('alerts.create');
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState('');
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) {
      setError(t('alerts.title-required'));
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
    <Card className="mb-4">
      <form onSubmit={submit} className="flex flex-col gap-3">
        <h2 className="font-semibold">{t('alerts.new')}</h2>
        <Field label={t('alerts.field-title')} error={error}>
          <input
            className={inputClass}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={200}
          />
        </Field>
        <Field label={t('alerts.field-message')}>
          <textarea
            className={clsx(inputClass, 'h-24 py-2')}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            maxLength={5000}
          />
        </Field>
        <Field label={t('alerts.field-audience')} hint={t('alerts.field-audience-hint')}>
          <input className={inputClass} value={audience} onChange={(e) => setAudience(e.target.value)} />
        </Field>
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={onDone}>
            {t('general.cancel')}
          </button>
          <button type="submit" className={buttonClass}>
            {t('alerts.send')}
          </button>
        </div>
      </form>
    </Card>
  );
}
