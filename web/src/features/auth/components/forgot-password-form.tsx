import '../strings.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Email } from '@roundwise/core/accounts/schema';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { errorText } from '../../../lib/errors.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { AuthField, FormAlert } from './field.tsx';

const ForgotForm = z.object({ email: Email });
type ForgotForm = z.infer<typeof ForgotForm>;

/**
 * Asks for a reset link. The answer is the same whether or not the email has an account (the API
 * answers 202 either way), so the page never tells a stranger who uses Roundwise.
 */
export function ForgotPasswordFormView() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useForm<z.input<typeof ForgotForm>, unknown, ForgotForm>({
    resolver: zodResolver(ForgotForm),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  if (request.isSuccess) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 text-center">
        <MailCheck className="size-10 text-primary" aria-hidden />
        <p className="text-sm">{t('auth.reset-sent', { email: request.variables })}</p>
        <Button variant="outline" className="w-full" onClick={() => request.reset()}>
          {t('auth.reset-other-email')}
        </Button>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(({ email }) => request.mutate(email))}
    >
      <AuthField
        id="email"
        label={t('auth.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <FormAlert text={request.error ? errorText(t, request.error) : undefined} />
      <Button type="submit" disabled={request.isPending} className="w-full">
        {t('auth.send-reset-link')}
      </Button>
    </form>
  );
}
