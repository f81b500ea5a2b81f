import { zodResolver } from '@hookform/resolvers/zod';
import { Email } from '@roundwise/core/accounts/schema';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useSignIn } from '../api/sign-in.ts';

const SignInForm = z.object({ email: Email, password: z.string().min(1, 'auth.password-too-short') });
type SignInForm = z.infer<typeof SignInForm>;

export function SignInFormView({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const form = useForm<z.input<typeof SignInForm>, unknown, SignInForm>({
    resolver: zodResolver(SignInForm),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const failure = signIn.error ? errorMessage(signIn.error) : undefined;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => signIn.mutate(values, { onSuccess: onSignedIn }))}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor="email">{t('auth.email')}</Label>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? 'email-error' : undefined}
          {...form.register('email')}
        />
        {errors.email?.message && (
          <p id="email-error" className="text-sm text-destructive">
            {t(errors.email.message)}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor="password">{t('auth.password')}</Label>
          <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
            {t('auth.forgot-link')}
          </Link>
        </div>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={!!errors.password}
          {...form.register('password')}
        />
      </div>
      {failure && (
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {t(failure.key, failure.params)}
        </p>
      )}
      <Button type="submit" disabled={signIn.isPending} className="w-full">
        {t('auth.sign-in')}
      </Button>
    </form>
  );
}
