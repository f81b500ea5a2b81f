import './strings.ts';
import { type Actor, type Role, Roles } from '@roundwise/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';

/** Only an Owner may give the Owner role (docs/api.md); the server refuses it too. */
export const grantable = (actor: Actor): Role[] =>
  Roles.filter((r) => r !== 'Owner' || actor.roles.includes('Owner'));

/** The roles to give someone, one checkbox each, in two columns from 769px. */
export function RoleCheckboxes({
  roles,
  onChange,
  actor,
}: {
  roles: Role[];
  onChange: (roles: Role[]) => void;
  actor: Actor;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{t('users.roles')}</legend>
      <div className="grid grid-cols-2 gap-x-4 gap-y-1">
        {grantable(actor).map((role) => (
          <div key={role} className="flex min-h-10 items-center gap-2">
            <Checkbox
              id={`${id}-${role}`}
              checked={roles.includes(role)}
              onCheckedChange={(on) => onChange(on ? [...roles, role] : roles.filter((r) => r !== role))}
            />
            <Label htmlFor={`${id}-${role}`} className="cursor-pointer font-normal">
              {t(`role.${role}`)}
            </Label>
          </div>
        ))}
      </div>
      {roles.length === 0 && <p className="text-xs text-destructive">{t('users.role-required')}</p>}
    </fieldset>
  );
}
