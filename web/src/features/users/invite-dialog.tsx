import './strings.ts';
import type { Actor, Role } from '@roundwise/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useInviteUser } from './api/users';
import { RoleCheckboxes } from './role-checkboxes';

/** Invite someone by email with their roles (`POST /api/users/invite`); the server mails them. */
export function InviteDialog({
  actor,
  open,
  onOpenChange,
}: {
  actor: Actor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const invite = useInviteUser();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<Role[]>(['Worker']);
  const close = () => {
    onOpenChange(false);
    invite.reset();
    setEmail('');
    setName('');
    setRoles(['Worker']);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(
      { email: email.trim(), name: name.trim(), roles },
      {
        onSuccess: () => {
          toast.success(t('users.invite-sent', { email: email.trim() }));
          close();
        },
      },
    );
  };
  const error = invite.error ? errorText(t, invite.error) : undefined;
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t('users.invite-title')}</DialogTitle>
            <DialogDescription>{t('users.invite-description')}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor="invite-email">{t('users.email')}</Label>
            <Input
              id="invite-email"
              type="email"
              inputMode="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={!!error}
              required
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="invite-name">{t('users.name')}</Label>
            <Input id="invite-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
          </div>
          <RoleCheckboxes roles={roles} onChange={setRoles} actor={actor} />
          {error && (
            <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              {t('general.cancel')}
            </Button>
            <Button type="submit" disabled={invite.isPending || roles.length === 0 || !email.trim()}>
              {t('users.send-invite')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
