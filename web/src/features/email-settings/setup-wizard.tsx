import './strings.ts';
import { useNavigate } from '@tanstack/react-router';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card, secondaryButtonClass } from '../../components/form';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { autoConfig, useConnectAccount, useVerifyAccount } from './api/mailbox';
import {
  emptyServer,
  NO_PROBLEMS,
  type Protocol,
  parseServer,
  problemsOf,
  ServerForm,
  type ServerProblems,
  type ServerValues,
} from './server-form';
import { StatusIcon } from './status-icon';

/** Spec 002 section 5: the servers are looked up 250 ms after the address stops changing. */
export const AUTO_CONFIG_DEBOUNCE_MS = 250;

/** Spec 002 section 4: SMTP form, validating SMTP, IMAP form, validating IMAP. */
export type WizardStep = 'smtp' | 'validating-smtp' | 'imap' | 'validating-imap';

const LOOKS_LIKE_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The setup wizard of an unconnected mailbox. Each form is verified against its real server:
 * success moves on, failure returns to the form with the server's field errors and its text.
 * After IMAP verifies, both are sent to be stored (the account turns two-way) and the wizard closes.
 */
export function SetupWizard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verify = useVerifyAccount();
  const connect = useConnectAccount();
  const [step, setStep] = useState<WizardStep>('smtp');
  const [servers, setServers] = useState<Record<Protocol, ServerValues>>({
    smtp: emptyServer('smtp'),
    imap: emptyServer('imap'),
  });
  const [problems, setProblems] = useState<ServerProblems>(NO_PROBLEMS);
  // Hosts typed by hand are kept: a guess only fills what the user has not set.
  const typed = useRef({ smtp: false, imap: false });

  const address = servers.smtp.user.trim();
  useEffect(() => {
    if (!LOOKS_LIKE_ADDRESS.test(address)) return;
    let current = true;
    const timer = setTimeout(() => {
      autoConfig(address)
        .then((config) => {
          if (!current) return;
          setServers((s) => {
            const next = { ...s };
            for (const p of ['smtp', 'imap'] as const) {
              if (typed.current[p]) continue;
              const guess = config[p];
              next[p] = { ...s[p], host: guess.server, port: String(guess.port), secure: guess.tls };
            }
            return next;
          });
        })
        // No guess for this address: the fields stay as they are.
        .catch(() => {});
    }, AUTO_CONFIG_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [address]);

  const change = (protocol: Protocol) => (values: ServerValues, changed: keyof ServerValues) => {
    if (changed === 'host' || changed === 'port' || changed === 'secure') typed.current[protocol] = true;
    setServers((s) => ({ ...s, [protocol]: values }));
  };

  const validate = async (protocol: Protocol) => {
    const parsed = parseServer(servers[protocol]);
    if ('problems' in parsed) return setProblems(parsed.problems);
    setProblems(NO_PROBLEMS);
    setStep(protocol === 'smtp' ? 'validating-smtp' : 'validating-imap');
    try {
      const answer = await verify.mutateAsync({ [protocol]: parsed.server });
      if (!answer[protocol]?.success) {
        setProblems(problemsOf(answer, answer[protocol]));
        toast.error(t(`email-settings.${protocol}-verify-failed`));
        return setStep(protocol);
      }
      toast.success(t(`email-settings.${protocol}-verified`));
      if (protocol === 'smtp') {
        // The IMAP login is usually the same: offered, still editable.
        setServers((s) => ({
          ...s,
          imap: { ...s.imap, user: s.imap.user || s.smtp.user, pass: s.imap.pass || s.smtp.pass },
        }));
        return setStep('imap');
      }
      const smtp = parseServer(servers.smtp);
      if (!('server' in smtp)) return setStep('smtp');
      try {
        await connect.mutateAsync({ smtp: smtp.server, imap: parsed.server });
      } catch {
        toast.error(t('email-settings.register-failed'));
        return setStep('imap');
      }
      toast.success(t('email-settings.two-way-enabled'));
      void navigate({ to: '/email-settings/custom-provider/{-$form}', params: { form: undefined } });
    } catch (error) {
      toast.error(errorText(t, error) || t('general.unknown-error-occurred'));
      setStep(protocol);
    }
  };

  const protocol: Protocol = step === 'smtp' || step === 'validating-smtp' ? 'smtp' : 'imap';
  const validating = step === 'validating-smtp' || step === 'validating-imap';
  return (
    <Card className="flex flex-col gap-4" data-testid="setup-wizard" data-step={step}>
      <div className="flex items-center gap-2">
        <StatusIcon status={validating ? 'busy' : 'unverified'} />
        <h2 className="font-semibold">
          {t('email-settings.wizard-step', { step: protocol === 'smtp' ? 1 : 2 })}{' '}
          {t(`email-settings.${protocol}-settings`)}
        </h2>
      </div>
      {validating ? (
        <p role="status" className="flex items-center gap-2 text-sm">
          <Loader2 className="size-4 animate-spin" aria-hidden />
          {t(`email-settings.validating-${protocol}`)}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t(`email-settings.${protocol}-wizard-hint`)}</p>
          <ServerForm
            key={protocol}
            protocol={protocol}
            values={servers[protocol]}
            onChange={change(protocol)}
            problems={problems}
            onSubmit={() => void validate(protocol)}
            actions={
              <>
                {protocol === 'imap' && (
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    onClick={() => {
                      setProblems(NO_PROBLEMS);
                      setStep('smtp');
                    }}
                  >
                    {t('email-settings.back')}
                  </button>
                )}
                <button type="submit" className={buttonClass}>
                  {t('email-settings.verify')}
                </button>
              </>
            }
          />
        </>
      )}
    </Card>
  );
}
