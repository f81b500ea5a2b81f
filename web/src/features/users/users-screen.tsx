import { type Actor, type Role, Roles } from '@roundwise/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card, Field, inputClass, secondaryButtonClass } from '../../components/form';
import { ListBar } from '../../components/menu-bars/list-bar';
import { SearchBar } from '../../components/menu-bars/search-bar';
import { Screen } from '../../components/screen';
import { errorText } from '../../lib/error-text';
import { toast } from '../../lib/toast';
import { type AccountUser, useInviteUser, usersQuery, useUpdateUser } from './api/users';

/** Users (Owner, Admin): list, invite with roles, change roles, deactivate (`/api/users`). */
export function UsersScreen({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const { data: users } = useSuspenseQuery(usersQuery);
  const [inviting, setInviting] = useState(false);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState('name');
  const q = search.toLowerCase();
  const shown = users
    .filter((u) => !q || u.name.toLowerCase().includes(q) || u.email.includes(q))
    .sort((a, b) =>
      sort === 'email'
        ? a.email.localeCompare(b.email)
        : (a.name || a.email).localeCompare(b.name || b.email),
    );
  return (
    <Screen
      title={t('users.title')}
      actions={
        <button type="button" className={secondaryButtonClass} onClick={() => setInviting(true)}>
          <UserPlus className="size-4" aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('users.invite')}</span>
        </button>
      }
      bars={
        <>
          <SearchBar value={search} onSearch={setSearch} placeholder={t('users.search')} />
          <ListBar
            summary={t('users.count', { count: shown.length })}
            sort={sort}
            onSort={setSort}
            sortOptions={[
              { value: 'name', label: t('users.sort-name') },
              { value: 'email', label: t('users.sort-email') },
            ]}
          />
        </>
      }
    >
      {inviting && <InviteForm actor={actor} onDone={() => setInviting(false)} />}
      <ul className="flex flex-col gap-3">
        {shown.map((u) => (
          <UserRow key={u.userId} user={u} actor={actor} />
        ))}
      </ul>
    </Screen>
  );
}

/** Only an Owner may give the Owner role (docs/api.md). */
const grantable = (actor: Actor): Role[] =>
  Roles.filter((r) => r !== 'Owner' || actor.roles.includes('Owner'));

function RolePicker({
  roles,
  onChange,
  actor,
}: {
  roles: Role[];
  onChange: (roles: Role[]) => void;
  actor: Actor;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">{t('users.roles')}</legend>
      {grantable(actor).map((role) => {
        const on = roles.includes(role);
        return (
          <label
            key={role}
            className={clsx(
              'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-full border px-3 text-xs font-medium',
              on ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-accent',
            )}
          >
            <input
              type="checkbox"
              className="sr-only"
              checked={on}
              onChange={(e) =>
                onChange(e.target.checked ? [...roles, role] : roles.filter((r) => r !== role))
              }
            />
            {t(`role.${role}`)}
          </label>
        );
      })}
    </fieldset>
  );
}

function UserRow({ user, actor }: { user: AccountUser; actor: Actor }) {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const [editing, setEditing] = useState(false);
  const [roles, setRoles] = useState(user.roles);
  const owner = user.roles.includes('Owner');
  const self = user.userId === actor.userId;
  const onError = (e: unknown) => toast.error(errorText(t, e));
  return (
    <li>
      <Card className={clsx('flex flex-col gap-3', user.deactivated && 'opacity-60')}>
        <div className="flex flex-wrap items-start gap-2">
          <div className="min-w-0 flex-1">
            <div className="truncate font-medium">{user.name || user.email}</div>
            <div className="truncate text-sm text-muted-foreground">{user.email}</div>
          </div>
          <div className="flex flex-wrap gap-1">
            {user.invited && (
              <span className="rounded-full bg-muted px-2 py-0.5 text-xs">{t('users.invited')}</span>
            )}
            {user.deactivated && (
              <span className="rounded-full bg-destructive/10 px-2 py-0.5 text-xs text-destructive">
                {t('users.deactivated')}
              </span>
            )}
            {!editing &&
              user.roles.map((r) => (
                <span key={r} className="rounded-full border px-2 py-0.5 text-xs">
                  {t(`role.${r}`)}
                </span>
              ))}
          </div>
        </div>
        {editing && <RolePicker roles={roles} onChange={setRoles} actor={actor} />}
        {!owner && !self && (
          <div className="flex flex-wrap justify-end gap-2">
            {editing ? (
              <>
                <button type="button" className={secondaryButtonClass} onClick={() => setEditing(false)}>
                  {t('general.cancel')}
                </button>
                <button
                  type="button"
                  className={buttonClass}
                  disabled={roles.length === 0 || update.isPending}
                  onClick={() =>
                    update.mutate(
                      { userId: user.userId, roles },
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
                </button>
              </>
            ) : (
              <>
                <button type="button" className={secondaryButtonClass} onClick={() => setEditing(true)}>
                  {t('users.change-roles')}
                </button>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={update.isPending}
                  onClick={() =>
                    update.mutate({ userId: user.userId, deactivated: !user.deactivated }, { onError })
                  }
                >
                  {user.deactivated ? t('users.reactivate') : t('users.deactivate')}
                </button>
              </>
            )}
          </div>
        )}
      </Card>
    </li>
  );
}

function InviteForm({ actor, onDone }: { actor: Actor; onDone: () => void }) {
  const { t } = useTranslation();
  const invite = useInviteUser();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<Role[]>(['Worker']);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(
      { email, name, roles },
      {
        onSuccess: () => {
          toast.success(t('users.invite-sent', { email }));
          onDone();
        },
      },
    );
  };
  return (
    <Card className="mb-4">
      <form onSubmit={submit} className="flex flex-col gap-3">
        <h2 className="font-semibold">{t('users.invite')}</h2>
        <Field label={t('users.email')} error={invite.error ? errorText(t, invite.error) : undefined}>
          <input
            type="email"
            className={inputClass}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </Field>
        <Field label={t('users.name')}>
          <input
            className={inputClass}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={200}
          />
        </Field>
        <div className="flex flex-col gap-1.5 text-sm">
          <span className="font-medium">{t('users.roles')}</span>
          <RolePicker roles={roles} onChange={setRoles} actor={actor} />
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={onDone}>
            {t('general.cancel')}
          </button>
          <button type="submit" className={buttonClass} disabled={invite.isPending || roles.length === 0}>
            {t('users.send-invite')}
          </button>
        </div>
      </form>
    </Card>
  );
}
