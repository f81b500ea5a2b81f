import '../strings.ts';
import { Email } from '@roundwise/core/accounts/schema';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { errorText } from '../../../lib/errors.ts';
import { useSignIn } from '../api/sign-in.ts';

const SignInForm = z.object({ email: Email, password: z.string().min(1, 'auth.password-too-short') });
type Values = z.input<typeof SignInForm>;
type Errors = Partial<Record<keyof Values, string>>;

/** The first message key zod gives each field. */
function check(values: Values): { data?: z.infer<typeof SignInForm>; errors: Errors } {
  const result = SignInForm.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof Values;
    errors[field] ??= issue.message;
  }
  return { errors };
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
