import './strings.ts';
import type { Actor, Role } from '@roundwise/core';
import { MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { type Person, useUpdateUser } from './api/users';
import { RoleCheckboxes } from './role-checkboxes';

/**
 * A user's or an invitation's menu: change roles (a dialog) and deactivate (confirmed) or
 * reactivate; a deactivated invitation cannot be accepted. Not offered for the Owner or oneself;
 * the server refuses those changes as well (`users.cannot-change-owner`).
 */
export function UserActions({ user, actor }: { user: Person; actor: Actor }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [roles, setRoles] = useState<Role[]>(user.roles);
  const label = user.name || user.email;
  const onError = (e: unknown) => toast.error(errorText(t, e));
  const setActive = (deactivated: boolean) =>
    update.mutate(
      { person: user, deactivated },
      {
        onSuccess: () =>
          toast.success(
            t(deactivated ? 'users.deactivated-toast' : 'users.reactivated-toast', { name: label }),
          ),
        onError,
      },
    );
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t('users.actions', { name: label })}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem
            onSelect={() => {
              setRoles(user.roles);
              setEditing(true);
            }}
          >
            {t('users.change-roles')}
          </DropdownMenuItem>
          {user.deactivated ? (
            <DropdownMenuItem onSelect={() => setActive(false)}>{t('users.reactivate')}</DropdownMenuItem>
          ) : (
            <DropdownMenuItem variant="destructive" onSelect={() => setConfirming(true)}>
              {t('users.deactivate')}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>

      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('users.change-roles-title', { name: label })}</DialogTitle>
            <DialogDescription>{t('users.change-roles-description')}</DialogDescription>
          </DialogHeader>
          <RoleCheckboxes roles={roles} onChange={setRoles} actor={actor} />
          <DialogFooter>
            <Button variant="outline" onClick={() => setEditing(false)}>
              {t('general.cancel')}
            </Button>
            <Button
              disabled={roles.length === 0 || update.isPending}
              onClick={() =>
                update.mutate(
                  { person: user, roles },
                  {
                    onSuccess: () => {
                      setEditing(false);
                      toast.success(t('users.roles-saved'));
                    },
                    onError,
                  },
                )
              }
            >
              {t('general.save')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('users.deactivate-title', { name: label })}</AlertDialogTitle>
            <AlertDialogDescription>{t('users.deactivate-description')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => setActive(true)}>
              {t('users.deactivate')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
