import '../strings.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Email, Password } from '@roundwise/core/accounts/schema';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { errorText } from '../../../lib/errors.ts';
import { useSignUp } from '../api/sign-up.ts';
import { AuthField, FormAlert } from './field.tsx';

/** The same rules as `POST /api/auth/signup` (functions/src/api/auth.ts), checked before sending. */
const Name = z.string().trim().min(1, 'auth.name-required').max(200, 'auth.name-too-long');
const SignUpForm = z.object({ name: Name, businessName: Name, email: Email, password: Password });
type SignUpForm = z.infer<typeof SignUpForm>;

export function SignUpFormView({ onSignedUp }: { onSignedUp: () => void }) {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const form = useForm<z.input<typeof SignUpForm>, unknown, SignUpForm>({
    resolver: zodResolver(SignUpForm),
    defaultValues: { name: '', businessName: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => signUp.mutate(values, { onSuccess: onSignedUp }))}
    >
      <AuthField
        id="name"
        label={t('auth.your-name')}
        autoComplete="name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <AuthField
        id="business-name"
        label={t('auth.business-name')}
        autoComplete="organization"
        error={errors.businessName?.message}
        {...form.register('businessName')}
      />
      <AuthField
        id="email"
        label={t('auth.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <AuthField
        id="password"
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.password-hint')}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormAlert text={signUp.error ? errorText(t, signUp.error) : undefined} />
      <Button type="submit" disabled={signUp.isPending} className="w-full">
        {t('auth.sign-up')}
      </Button>
    </form>
  );
}
