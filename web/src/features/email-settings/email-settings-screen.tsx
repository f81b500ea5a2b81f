import './strings.ts';
import { blocklistError, replyToError, type VisibleSettings } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { Ban, Check, ChevronRight, Coins, Mail, Server, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card, Field, inputClass } from '../../components/form';
import { Screen } from '../../components/screen';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useCredits } from '../../lib/credits';
import { errorText } from '../../lib/errors';
import { useActor } from '../../lib/me';
import { toast } from '../../lib/toast';
import { useBlockEmail } from './api/block-email';
import { emailsPerCredit, useInboundEmailCharge } from './api/get-inbound-email-charge';
import { useSetReplyTo } from './api/set-reply-to';
import { useUnblockEmail } from './api/unblock-email';
import { EmailSettingsBar } from './bar';

/** The views of the email settings screen (spec 002 section 2.1; the custom provider's have a route of their own). */
export const EMAIL_SETTINGS_VIEWS = ['one-way', 'blocklist'] as const;
export type EmailSettingsView = (typeof EMAIL_SETTINGS_VIEWS)[number];

/** Spec 002 section 5: the blocklist input is checked 150 ms after typing stops. */
export const BLOCKLIST_DEBOUNCE_MS = 150;

/**
 * `email-settings/{view?}`: the provider list (the current configuration, the credit balance, the
 * inbound-email charge note, the blocklist entry), the one-way view with its reply-to address and
 * the blocklist. `connectFailed` is the `connect-failed=true` the route read and already removed.
 */
export function EmailSettingsScreen({
  settings,
  view,
  connectFailed,
  developerMode,
}: {
  settings: VisibleSettings;
  view?: EmailSettingsView;
  connectFailed: boolean;
  developerMode: boolean;
}) {
  const [failedOpen, setFailedOpen] = useState(connectFailed);
  return (
    <>
      {view === 'one-way' ? (
        <OneWayView replyTo={settings.customReplyTo ?? ''} />
      ) : view === 'blocklist' ? (
        <BlocklistView blocked={settings.ignoredEmails ?? []} />
      ) : (
        <ProviderList settings={settings} developerMode={developerMode} />
      )}
      <ConnectFailedDialog open={failedOpen} onOpenChange={setFailedOpen} />
    </>
  );
}

function ProviderList({ settings, developerMode }: { settings: VisibleSettings; developerMode: boolean }) {
  const { t } = useTranslation();
  // Spec 002 section 6: two-way email needs its feature; a connected provider is always listed.
  const twoWay = useActor().flags.includes('twoWayEmail');
  const credits = useCredits();
  const perCredit = emailsPerCredit(useInboundEmailCharge());
  const oneWay = settings.emailAPI === 'squeegee-smtp';
  const row = 'flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-accent';
  return (
    <Screen title={t('route.email-settings')}>
      <div className="flex flex-col gap-4">
        <Card className="flex items-center gap-3" data-testid="email-credits">
          <Coins className="size-5 text-muted-foreground" aria-hidden />
          <div className="flex-1">
            <p className="font-medium">
              {t('email-settings.credits', { count: credits, credits: credits.toLocaleString('en-GB') })}
            </p>
            <p className="text-sm text-muted-foreground">
              {t('email-settings.inbound-charge', {
                count: perCredit,
                emails: perCredit.toLocaleString('en-GB'),
              })}
            </p>
          </div>
        </Card>
        <section aria-labelledby="email-providers">
          <h2 id="email-providers" className="mb-2 font-semibold">
            {t('email-settings.providers')}
          </h2>
          <ul className="divide-y rounded-lg border">
            <li>
              <Link to="/email-settings/{-$view}" params={{ view: 'one-way' }} className={row}>
                <Mail className="size-5 text-muted-foreground" aria-hidden />
                <span className="flex-1">
                  <span className="block font-medium">{t('email-settings.one-way')}</span>
                  <span className="block text-sm text-muted-foreground">
                    {settings.customReplyTo
                      ? t('email-settings.reply-to-is', { email: settings.customReplyTo })
                      : t('email-settings.one-way-hint')}
                  </span>
                </span>
                {oneWay && (
                  <span className="flex items-center gap-1 text-sm text-green-700 dark:text-green-400">
                    <Check className="size-4" aria-hidden />
                    {t('email-settings.current')}
                  </span>
                )}
                <ChevronRight className="size-4 text-muted-foreground" aria-hidden />
              </Link>
            </li>
            {(twoWay || settings.emailAPI === 'email-engine') && (
              <li>
                <Link
                  to="/email-settings/custom-provider/{-$form}"
                  params={{ form: undefined }}
                  className={row}
                >
                  <Server className="size-5 text-muted-foreground" aria-hidden />
                  <span className="flex-1">
                    <span className="block font-medium">{t('email-settings.custom-provider')}</span>
                    <span className="block text-sm text-muted-foreground">
                      {settings.emailAPI === 'email-engine'
                        ? t('email-settings.status-valid')
                        : t('email-settings.custom-provider-hint')}
                    </span>
                  </span>
                  {settings.emailAPI === 'email-engine' && (
                    <span className="flex items-center gap-1 text-sm text-green-700 dark:text-green-400">
                      <Check className="size-4" aria-hidden />
                      {t('email-settings.current')}
                    </span>
                  )}
                  <ChevronRight className="size-4 text-muted-foreground" aria-hidden />
                </Link>
              </li>
            )}
            <li>
              <Link to="/email-settings/{-$view}" params={{ view: 'blocklist' }} className={row}>
                <Ban className="size-5 text-muted-foreground" aria-hidden />
                <span className="flex-1">
                  <span className="block font-medium">{t('email-settings.blocklist')}</span>
                  <span className="block text-sm text-muted-foreground">
                    {t('email-settings.blocked-count', { count: settings.ignoredEmails?.length ?? 0 })}
                  </span>
                </span>
                <ChevronRight className="size-4 text-muted-foreground" aria-hidden />
              </Link>
            </li>
          </ul>
        </section>
        {developerMode && (
          // Spec 002 section 2.1: in developer mode, where the providers' callbacks arrive.
          <p className="text-sm text-muted-foreground" data-testid="webhook-server">
            {t('email-settings.webhook-server', {
              url: `${window.location.origin}/api/notifications/webhook`,
            })}
          </p>
        )}
      </div>
    </Screen>
  );
}

/** The one-way provider and its reply-to address: checked on blur; save disabled when empty or invalid. */
function OneWayView({ replyTo }: { replyTo: string }) {
  const { t } = useTranslation();
  const save = useSetReplyTo();
  const [value, setValue] = useState(replyTo);
  const [error, setError] = useState<string>();
  useEffect(() => setValue(replyTo), [replyTo]);
  const invalid = replyToError(value) !== undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (invalid) return;
    save.mutate(value.trim(), {
      onSuccess: () => toast.success(t('notifications.settings-saved')),
      onError: (err) => toast.error(errorText(t, err) || t('general.unknown-error-occurred')),
    });
  };
  return (
    <Screen title={t('route.email-settings')} bars={<EmailSettingsBar title={t('email-settings.one-way')} />}>
      <Card>
        <form className="flex flex-col gap-4" onSubmit={submit}>
          <p className="text-sm text-muted-foreground">{t('email-settings.one-way-description')}</p>
          <Field
            label={t('email-settings.reply-to')}
            hint={t('email-settings.reply-to-hint')}
            error={error && t(error)}
          >
            <input
              className={inputClass}
              type="email"
              inputMode="email"
              autoComplete="email"
              value={value}
              aria-invalid={!!error}
              onChange={(e) => {
                setValue(e.target.value);
                if (error && !replyToError(e.target.value)) setError(undefined);
              }}
              onBlur={() => setError(replyToError(value))}
            />
          </Field>
          <div className="flex justify-end">
            <button type="submit" className={buttonClass} disabled={invalid || save.isPending}>
              {t('general.save')}
            </button>
          </div>
        </form>
      </Card>
    </Screen>
  );
}

/** The blocklist (`global.ignored-emails`): add with the spec's three checks, remove. */
function BlocklistView({ blocked }: { blocked: readonly string[] }) {
  const { t } = useTranslation();
  const block = useBlockEmail();
  const unblock = useUnblockEmail();
  const [value, setValue] = useState('');
  const [checked, setChecked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setChecked(value), BLOCKLIST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const error = checked.trim() ? blocklistError(blocked, checked) : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = blocklistError(blocked, value);
    if (problem) {
      setChecked(value);
      return;
    }
    block.mutate(value, {
      onSuccess: () => {
        setValue('');
        setChecked('');
      },
      onError: (err) => toast.error(errorText(t, err)),
    });
  };
  return (
    <Screen
      title={t('route.email-settings')}
      bars={<EmailSettingsBar title={t('email-settings.blocklist')} />}
    >
      <div className="flex flex-col gap-4">
        <Card>
          <form className="flex flex-col gap-3" onSubmit={submit}>
            <p className="text-sm text-muted-foreground">{t('email-settings.blocklist-description')}</p>
            <Field label={t('email-settings.block-address')} error={error && t(error)}>
              <div className="flex gap-2">
                <input
                  className={inputClass}
                  inputMode="email"
                  value={value}
                  aria-invalid={!!error}
                  onChange={(e) => setValue(e.target.value)}
                />
                <button
                  type="submit"
                  className={buttonClass}
                  disabled={!value.trim() || !!error || block.isPending}
                >
                  {t('email-settings.block')}
                </button>
              </div>
            </Field>
          </form>
        </Card>
        {blocked.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">{t('email-settings.blocklist-empty')}</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label={t('email-settings.blocklist')}>
            {blocked.map((email) => (
              <li key={email} className="flex min-h-12 items-center gap-2 px-4">
                <span className="min-w-0 flex-1 truncate">{email}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('email-settings.unblock', { email })}
                  disabled={unblock.isPending}
                  onClick={() => unblock.mutate(email, { onError: (err) => toast.error(errorText(t, err)) })}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Screen>
  );
}

/** `connect-failed=true` (spec 002 sections 2.1 and 8): a mailbox connection came back failed. */
function ConnectFailedDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('email-settings.failed-to-connect-provider-email-title')}</DialogTitle>
          <DialogDescription>{t('email-settings.failed-to-connect-provider-email-text')}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>{t('general.ok')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
