import '../strings.ts';
import { parseEmail } from '@roundwise/core/accounts/email';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { errorText } from '../../../lib/errors.ts';
import { type SignInInput, useSignIn } from '../api/sign-in.ts';

type Values = SignInInput;
type Errors = Partial<Record<keyof Values, string>>;

/**
 * Core's `Email` rule and a password that is not empty, checked without zod: this form is on the
 * first download, and zod is 26 KB of it. Each field's message key, as the schema gives it.
 */
function check(values: Values): { data?: Values; errors: Errors } {
  const email = parseEmail(values.email);
  const errors: Errors = {};
  if ('error' in email) errors.email = email.error;
  if (values.password.length < 1) errors.password = 'auth.password-too-short';
  if ('error' in email || errors.password) return { errors };
  return { data: { email: email.email, password: values.password }, errors };
}

/**
 * Email and password. Two fields, so a plain form rather than react-hook-form (the other forms'
 * library): the sign-in screen is the first download and react-hook-form is 14 KB of it.
 * It behaves as those forms do: checked on submit, then again on every change.
 */
export function SignInFormView({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const failure = signIn.error ? errorText(t, signIn.error) : undefined;

  const change = (field: keyof Values) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted) setErrors(check(next).errors);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { data, errors: found } = check(values);
    setErrors(found);
    if (data) signIn.mutate(data, { onSuccess: onSignedIn });
    else document.getElementById(found.email ? 'email' : 'password')?.focus();
  };

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
      <div className="flex flex-col gap-2">
        <Label htmlFor="email">{t('auth.email')}</Label>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? 'email-error' : undefined}
          name="email"
          value={values.email}
          onChange={change('email')}
        />
        {errors.email && (
          <p id="email-error" className="text-sm text-destructive">
            {t(errors.email)}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="password">{t('auth.password')}</Label>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={!!errors.password}
          name="password"
          value={values.password}
          onChange={change('password')}
        />
        {/* After the password, so the tab order is Email, Password, then this link. */}
        <Link to="/forgot-password" className="self-end text-sm font-medium text-primary hover:underline">
          {t('auth.forgot-link')}
        </Link>
      </div>
      {failure && (
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={signIn.isPending} className="w-full">
        {t('auth.sign-in')}
      </Button>
    </form>
  );
}
