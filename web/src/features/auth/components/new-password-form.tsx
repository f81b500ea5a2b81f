import '../strings.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Password } from '@roundwise/core/accounts/schema';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { AuthField, FormAlert } from './field.tsx';

const NewPassword = z
  .object({ password: Password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'auth.passwords-differ' });
type NewPassword = z.infer<typeof NewPassword>;

/**
 * A new password typed twice (a typo here would lock the user out): for a reset link and for an
 * invitation. `children` adds fields before it (the invited person's name).
 */
export function NewPasswordForm({
  submitLabel,
  pending,
  failure,
  onSubmit,
  children,
}: {
  submitLabel: string;
  pending: boolean;
  failure?: string;
  onSubmit: (password: string) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const form = useForm<z.input<typeof NewPassword>, unknown, NewPassword>({
    resolver: zodResolver(NewPassword),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(({ password }) => onSubmit(password))}
    >
      {children}
      <AuthField
        id="new-password"
        label={t('auth.new-password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.password-hint')}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <AuthField
        id="confirm-password"
        label={t('auth.confirm-password')}
        type="password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...form.register('confirm')}
      />
      <FormAlert text={failure} />
      <Button type="submit" disabled={pending} className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
