import './strings.ts';
import { EmailEngine } from '@roundwise/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../components/form';

export type Protocol = 'smtp' | 'imap';
export type FieldKey = EmailEngine.FieldError['key'];

/** One protocol's form as typed: the port stays text until it is sent. */
export interface ServerValues {
  user: string;
  pass: string;
  host: string;
  port: string;
  secure: boolean;
}

/** Message keys under the inputs (ours or the server's), and what the server itself said. */
export interface ServerProblems {
  fields: Partial<Record<FieldKey, string>>;
  responseText?: string;
}

export const NO_PROBLEMS: ServerProblems = { fields: {} };

/** Spec 002 section 5: TLS on, on the protocol's TLS port; off, on its STARTTLS port. */
export const defaultPort = (protocol: Protocol, secure: boolean) =>
  String(
    protocol === 'smtp'
      ? secure
        ? EmailEngine.DEFAULT_PORTS.smtp
        : EmailEngine.DEFAULT_PORTS.smtpStartTls
      : secure
        ? EmailEngine.DEFAULT_PORTS.imap
        : EmailEngine.DEFAULT_PORTS.imapStartTls,
  );

export const emptyServer = (protocol: Protocol): ServerValues => ({
  user: '',
  pass: '',
  host: '',
  port: defaultPort(protocol, true),
  secure: true,
});

/**
 * The values as the API takes them, or the inputs' problems by the same rules as the server's
 * (core's `MailServer`): a form with an empty password is not sent to be verified.
 */
export function parseServer(
  values: ServerValues,
): { server: EmailEngine.MailServer } | { problems: ServerProblems } {
  const parsed = EmailEngine.MailServer.safeParse({
    auth: { user: values.user, pass: values.pass },
    host: values.host,
    port: values.port,
    secure: values.secure,
  });
  if (parsed.success) return { server: parsed.data };
  const fields: ServerProblems['fields'] = {};
  for (const issue of parsed.error.issues) {
    const key = (issue.path.at(-1) === 'auth' ? undefined : issue.path.at(-1)) as FieldKey | undefined;
    if (key && !fields[key]) fields[key] = issue.message;
  }
  return { problems: { fields } };
}

/** The server's answer for one protocol, as the form shows it. */
export function problemsOf(
  answer: { fields: { key: FieldKey; message: string }[] },
  result: { error?: string; responseText?: string } | undefined,
): ServerProblems {
  const fields: ServerProblems['fields'] = {};
  for (const f of answer.fields) fields[f.key] ??= f.message;
  return { fields, responseText: result?.responseText || undefined };
}

/**
 * An SMTP or IMAP form: user name, password, server, port and TLS. The server's field errors
 * show under the matching inputs; its own response text in bold red above the buttons.
 */
export function ServerForm({
  protocol,
  values,
  onChange,
  problems,
  onSubmit,
  disabled,
  actions,
}: {
  protocol: Protocol;
  values: ServerValues;
  onChange: (values: ServerValues, changed: keyof ServerValues) => void;
  problems: ServerProblems;
  onSubmit: () => void;
  disabled?: boolean;
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  const id = (name: string) => `${protocol}-${name}`;
  const set = <K extends keyof ServerValues>(key: K, value: ServerValues[K]) =>
    onChange({ ...values, [key]: value }, key);
  const error = (key: FieldKey) => (problems.fields[key] ? t(problems.fields[key]) : undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} aria-label={t(`email-settings.${protocol}-form`)}>
      <fieldset className="flex flex-col gap-4" disabled={disabled}>
        <Field
          label={t('email-settings.server-user')}
          hint={t('email-settings.server-user-hint')}
          error={error('user')}
        >
          <input
            id={id('user')}
            className={inputClass}
            autoComplete="username"
            inputMode="email"
            value={values.user}
            aria-invalid={!!problems.fields.user}
            onChange={(e) => set('user', e.target.value)}
          />
        </Field>
        <Field label={t('email-settings.server-pass')} error={error('pass')}>
          <input
            id={id('pass')}
            className={inputClass}
            type="password"
            autoComplete="current-password"
            value={values.pass}
            aria-invalid={!!problems.fields.pass}
            onChange={(e) => set('pass', e.target.value)}
          />
        </Field>
        <div className="grid grid-cols-[1fr_7rem] gap-3">
          <Field label={t(`email-settings.${protocol}-host`)} error={error('host')}>
            <input
              id={id('host')}
              className={inputClass}
              autoCapitalize="none"
              spellCheck={false}
              value={values.host}
              aria-invalid={!!problems.fields.host}
              onChange={(e) => set('host', e.target.value)}
            />
          </Field>
          <Field label={t('email-settings.server-port')} error={error('port')}>
            <input
              id={id('port')}
              className={inputClass}
              inputMode="numeric"
              value={values.port}
              aria-invalid={!!problems.fields.port}
              onChange={(e) => set('port', e.target.value)}
            />
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={values.secure}
            aria-invalid={!!problems.fields.secure}
            onChange={(e) => {
              const secure = e.target.checked;
              // A port still at the other mode's default follows the switch.
              const port =
                values.port === defaultPort(protocol, !secure) ? defaultPort(protocol, secure) : values.port;
              onChange({ ...values, secure, port }, 'secure');
            }}
          />
          <span className="font-medium">{t('email-settings.server-tls')}</span>
        </label>
        {error('secure') && (
          <span role="alert" className="text-xs text-destructive">
            {error('secure')}
          </span>
        )}
      </fieldset>
      {problems.responseText && (
        <p className="font-bold text-destructive" data-testid="server-response">
          {problems.responseText}
        </p>
      )}
      <div className="flex justify-end gap-2">{actions}</div>
    </form>
  );
}
