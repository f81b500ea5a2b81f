import './strings.ts';
import type { Actor } from '@roundwise/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { ListBar } from '../../components/menu-bars/list-bar';
import { SearchBar } from '../../components/menu-bars/search-bar';
import { Screen } from '../../components/screen';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { type Person, usersQuery } from './api/users';
import { InviteDialog } from './invite-dialog';
import { UserActions } from './user-actions';

/**
 * Users (Owner, Admin): the members and the invitations not yet accepted, invite with roles, change
 * roles, deactivate (`/api/users`). An invitation shows only the address and what the inviter gave
 * until the person accepts. A table from 769px; cards on a phone, where a table's columns would not fit.
 * The route adds what other areas show for a member (`extra`, beside the menu).
 */
export function UsersScreen({ actor, extra }: { actor: Actor; extra?: (user: Person) => ReactNode }) {
  const { t } = useTranslation();
  const { data: users } = useSuspenseQuery(usersQuery);
  const desktop = useMediaQuery(DESKTOP_QUERY);
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
  // The Owner and oneself cannot be changed here (the server refuses it too).
  const editable = (u: Person) => !u.roles.includes('Owner') && u.userId !== actor.userId;
  return (
    <Screen
      title={t('users.title')}
      actions={
        <Button variant="outline" size="sm" className="h-9" onClick={() => setInviting(true)}>
          <UserPlus aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('users.invite')}</span>
        </Button>
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
      <InviteDialog actor={actor} open={inviting} onOpenChange={setInviting} />
      {shown.length === 0 ? (
        <p className="py-16 text-center text-muted-foreground">{t('users.empty')}</p>
      ) : desktop ? (
        <div className="rounded-lg border bg-card">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="pl-4">{t('users.person')}</TableHead>
                <TableHead>{t('users.roles')}</TableHead>
                <TableHead>{t('users.status')}</TableHead>
                <TableHead className="w-12">
                  <span className="sr-only">{t('users.actions', { name: '' })}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((u) => (
                <TableRow key={u.key} data-testid="user-row">
                  <TableCell className="max-w-64 pl-4">
                    <div className="truncate font-medium">{u.name || u.email}</div>
                    <div className="truncate text-xs text-muted-foreground">{u.email}</div>
                  </TableCell>
                  <TableCell>
                    <RoleBadges user={u} />
                  </TableCell>
                  <TableCell>
                    <StatusBadge user={u} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-right">
                    {extra?.(u)}
                    {editable(u) && <UserActions user={u} actor={actor} />}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {shown.map((u) => (
            <li key={u.key} data-testid="user-row">
              <Card className="flex flex-col gap-2">
                <div className="flex items-start gap-2">
                  <div className="min-w-0 flex-1">
                    <div className="truncate font-medium">{u.name || u.email}</div>
                    <div className="truncate text-sm text-muted-foreground">{u.email}</div>
                  </div>
                  {extra?.(u)}
                  {editable(u) && <UserActions user={u} actor={actor} />}
                </div>
                <div className="flex flex-wrap gap-1">
                  <StatusBadge user={u} hideActive />
                  <RoleBadges user={u} />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}

function RoleBadges({ user }: { user: Person }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1">
      {user.roles.map((r) => (
        <Badge key={r} variant="outline">
          {t(`role.${r}`)}
        </Badge>
      ))}
    </span>
  );
}

function StatusBadge({ user, hideActive = false }: { user: Person; hideActive?: boolean }) {
  const { t } = useTranslation();
  if (user.status === 'deactivated') return <Badge variant="destructive">{t('users.deactivated')}</Badge>;
  if (user.status === 'invited') return <Badge variant="secondary">{t('users.invited')}</Badge>;
  if (user.status === 'expired') return <Badge variant="secondary">{t('users.invitation-expired')}</Badge>;
  return hideActive ? null : <Badge variant="success">{t('users.active')}</Badge>;
}
