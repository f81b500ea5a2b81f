import './strings.ts';
import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronRight, Loader2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card, secondaryButtonClass } from '../../components/form';
import { Screen } from '../../components/screen';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { errorText } from '../../lib/errors';
import { useActor } from '../../lib/me';
import { toast } from '../../lib/toast';
import {
  type Mailbox,
  useConnectAccount,
  useDisconnectAccount,
  useMailbox,
  useReconnectAccount,
  useSyncAccount,
  useVerifyAccount,
} from './api/mailbox';
import { EmailSettingsBar } from './bar';
import {
  NO_PROBLEMS,
  type Protocol,
  parseServer,
  problemsOf,
  ServerForm,
  type ServerProblems,
  type ServerValues,
} from './server-form';
import { SetupWizard } from './setup-wizard';
import { type MailStatus, StatusIcon } from './status-icon';

export type CustomProviderForm = 'setup-wizard' | 'smtp' | 'imap';

/**
 * `email-settings/custom-provider/{form?}` (spec 002 section 2.1): the business's own mailbox.
 * Unconnected, its setup wizard; connected, its details with request sync and disconnect, and
 * its SMTP and IMAP forms.
 */
export function CustomProviderScreen({ form }: { form?: CustomProviderForm }) {
  const { t } = useTranslation();
  const mailbox = useMailbox();
  const allowed = useActor().flags.includes('twoWayEmail');
  const account = mailbox.data?.account;
  const bar = <EmailSettingsBar title={t('email-settings.custom-provider')} />;
  let body: ReactNode;
  if (mailbox.isPending) body = <Loader2 className="mx-auto size-6 animate-spin" aria-hidden />;
  else if (mailbox.isError) body = <p className="text-destructive">{errorText(t, mailbox.error)}</p>;
  else if (account && (form === 'smtp' || form === 'imap'))
    body = <ProtocolForm key={form} protocol={form} account={account} />;
  else if (account) body = <Details account={account} />;
  else if (!allowed)
    body = <p className="text-muted-foreground">{t('email-settings.two-way-needs-feature')}</p>;
  else if (form === 'setup-wizard') body = <SetupWizard />;
  else body = <NotConnected />;
  return (
    <Screen title={t('route.email-settings')} bars={bar}>
      {body}
    </Screen>
  );
}

function NotConnected() {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col items-start gap-3">
      <p>{t('email-settings.custom-provider-description')}</p>
      <Link
        to="/email-settings/custom-provider/{-$form}"
        params={{ form: 'setup-wizard' }}
        className={buttonClass}
      >
        {t('email-settings.set-up-mailbox')}
      </Link>
    </Card>
  );
}

/** Each protocol's icon from the mailbox's state: the worker holds the IMAP side, a send the SMTP one. */
function statusOf(account: Mailbox, protocol: Protocol): MailStatus {
  if (account.state === 'connecting') return 'busy';
  if (account.state === 'connected') return 'valid';
  if (account.state === 'authenticationError' || account.state === 'connectError')
    return protocol === 'imap' ? 'invalid' : 'unverified';
  return 'unverified';
}

function Details({ account }: { account: Mailbox }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sync = useSyncAccount();
  const reconnect = useReconnectAccount();
  const disconnect = useDisconnectAccount();
  const [confirming, setConfirming] = useState(false);
  const row = 'flex min-h-14 items-center gap-3 px-4 py-3 hover:bg-accent';
  const quotaClass =
    account.quota?.level === 'error'
      ? 'text-destructive'
      : account.quota?.level === 'warning'
        ? 'text-amber-700 dark:text-amber-400'
        : 'text-muted-foreground';
  return (
    <div className="flex flex-col gap-4">
      <Card className="flex items-center gap-3" data-testid="mailbox">
        <StatusIcon status={statusOf(account, 'imap')} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{account.email}</p>
          <p className="text-sm text-muted-foreground">{t(`email-settings.state-${account.state}`)}</p>
          {account.quota && (
            <p className={`text-sm ${quotaClass}`} data-testid="mailbox-quota">
              {t('email-settings.quota', { status: account.quota.status })}
            </p>
          )}
        </div>
      </Card>
      <ul className="divide-y rounded-lg border">
        {(['smtp', 'imap'] as const).map((p) => (
          <li key={p}>
            <Link to="/email-settings/custom-provider/{-$form}" params={{ form: p }} className={row}>
              <StatusIcon status={statusOf(account, p)} />
              <span className="flex-1">
                <span className="block font-medium">{t(`email-settings.${p}-settings`)}</span>
                <span className="block text-sm text-muted-foreground">
                  {account[p].host}:{account[p].port}
                </span>
              </span>
              <ChevronRight className="size-4 text-muted-foreground" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={sync.isPending}
          onClick={() =>
            sync.mutate(undefined, {
              onSuccess: () => toast.success(t('email-settings.account-synced')),
              onError: () => toast.error(t('email-settings.sync-failed')),
            })
          }
        >
          {t('email-settings.request-sync')}
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={reconnect.isPending}
          onClick={() =>
            reconnect.mutate(undefined, {
              onSuccess: () => toast.success(t('email-settings.account-reconnected')),
              onError: () => toast.error(t('email-settings.reconnect-failed')),
            })
          }
        >
          {t('email-settings.reconnect')}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(true)}>
          {t('email-settings.disconnect')}
        </button>
      </div>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('email-settings.disconnect-title')}</AlertDialogTitle>
            <AlertDialogDescription>{t('email-settings.disconnect-text')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              onClick={() =>
                // Awaited rather than `mutate`'s callbacks: the details unmount once the mailbox is gone.
                disconnect.mutateAsync().then(
                  () => {
                    toast.success(t('email-settings.account-disconnected'));
                    void navigate({ to: '/email-settings/{-$view}', params: { view: undefined } });
                  },
                  (err) => toast.error(errorText(t, err) || t('general.unknown-error-occurred')),
                )
              }
            >
              {t('email-settings.disconnect')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

/**
 * A connected mailbox's SMTP or IMAP form: the stored settings, the password typed again.
 * Verified against its server, then stored (the server checks both protocols once more).
 */
function ProtocolForm({ protocol, account }: { protocol: Protocol; account: Mailbox }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verify = useVerifyAccount();
  const connect = useConnectAccount();
  const stored = account[protocol];
  const [values, setValues] = useState<ServerValues>({
    user: stored.auth.user,
    pass: '',
    host: stored.host,
    port: String(stored.port),
    secure: stored.secure,
  });
  const [problems, setProblems] = useState<ServerProblems>(NO_PROBLEMS);
  const busy = verify.isPending || connect.isPending;
  const save = async () => {
    const parsed = parseServer(values);
    if ('problems' in parsed) return setProblems(parsed.problems);
    setProblems(NO_PROBLEMS);
    let stage: 'verify' | 'register' = 'verify';
    try {
      const answer = await verify.mutateAsync({ [protocol]: parsed.server });
      if (!answer[protocol]?.success) {
        setProblems(problemsOf(answer, answer[protocol]));
        toast.error(t(`email-settings.${protocol}-verify-failed`));
        return;
      }
      toast.success(t(`email-settings.${protocol}-verified`));
      stage = 'register';
      await connect.mutateAsync({ [protocol]: parsed.server });
      toast.success(t('email-settings.account-registered'));
      void navigate({ to: '/email-settings/custom-provider/{-$form}', params: { form: undefined } });
    } catch (error) {
      toast.error(
        stage === 'register'
          ? t('email-settings.register-failed')
          : errorText(t, error) || t('general.unknown-error-occurred'),
      );
    }
  };
  return (
    <Card>
      <h2 className="mb-4 font-semibold">{t(`email-settings.${protocol}-settings`)}</h2>
      <ServerForm
        protocol={protocol}
        values={values}
        onChange={(v) => setValues(v)}
        problems={problems}
        onSubmit={() => void save()}
        disabled={busy}
        actions={
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
            {t('general.save')}
          </button>
        }
      />
    </Card>
  );
}
