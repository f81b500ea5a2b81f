import './strings.ts';
import { type Actor, Teams } from '@roundwise/core';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2, UsersRound } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { ListBar } from '../../components/menu-bars/list-bar';
import { Screen } from '../../components/screen';
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
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
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
import { useCommand } from '../../lib/commands/use-command';
import { useEntityList } from '../../lib/sync/hooks';
import { useProblem } from '../../lib/use-problem';
import { teamMembersQuery } from './api/get-team-members';

/** Teams (multi-user accounts): synced `team` entities changed through commands (Owner, Admin). */
export function TeamsScreen({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const teams = useEntityList<Teams.Team>('team');
  const sorted = useMemo(() => [...teams].sort((a, b) => a.name.localeCompare(b.name)), [teams]);
  const canEdit = actor.roles.includes('Owner') || actor.roles.includes('Admin');
  const people = useQuery({ ...teamMembersQuery, enabled: canEdit });
  const nameOf = (id: string) => people.data?.find((p) => p.userId === id)?.name ?? id;
  const [editing, setEditing] = useState<Teams.Team | 'new'>();
  const [deleting, setDeleting] = useState<Teams.Team>();
  const remove = useCommand(Teams.delete);
  return (
    <Screen
      title={t('teams.title')}
      actions={
        canEdit && (
          <Button variant="outline" size="sm" className="h-9" onClick={() => setEditing('new')}>
            <Plus aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('teams.new')}</span>
          </Button>
        )
      }
      bars={<ListBar summary={t('teams.count', { count: sorted.length })} />}
    >
      <Dialog open={!!editing} onOpenChange={(open) => !open && setEditing(undefined)}>
        {editing && (
          <TeamForm
            key={editing === 'new' ? 'new' : editing._id}
            team={editing === 'new' ? undefined : editing}
            people={people.data ?? []}
            taken={sorted.filter((x) => editing === 'new' || x._id !== editing._id).map((x) => x.name)}
            onDone={() => setEditing(undefined)}
          />
        )}
      </Dialog>
      <AlertDialog open={!!deleting} onOpenChange={(open) => !open && setDeleting(undefined)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('teams.delete-confirm', { name: deleting?.name })}</AlertDialogTitle>
            <AlertDialogDescription>{t('teams.delete-description')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() => deleting && remove.mutate({ _id: deleting._id })}
            >
              {t('general.delete')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      {sorted.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-16 text-center text-muted-foreground">
          <UsersRound className="size-8" aria-hidden />
          <p>{t('teams.empty')}</p>
          {canEdit && (
            <Button variant="outline" onClick={() => setEditing('new')}>
              <Plus aria-hidden />
              {t('teams.new')}
            </Button>
          )}
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {sorted.map((team) => (
            <li key={team._id}>
              <Card className="flex items-center gap-3">
                <span
                  className="size-4 shrink-0 rounded-full"
                  style={{ background: team.colour }}
                  aria-hidden
                />
                <div className="min-w-0 flex-1">
                  <div className="font-medium">{team.name}</div>
                  {canEdit && team.memberUserIds.length > 0 && (
                    <div className="truncate text-sm text-muted-foreground">
                      {team.memberUserIds.map(nameOf).join(', ')}
                    </div>
                  )}
                </div>
                <Badge variant="secondary">
                  {team.memberUserIds.length === 0
                    ? t('teams.no-members')
                    : t('teams.member-count', { count: team.memberUserIds.length })}
                </Badge>
                {canEdit && (
                  <>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('teams.edit-named', { name: team.name })}
                      onClick={() => setEditing(team)}
                    >
                      <Pencil aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('teams.delete', { name: team.name })}
                      onClick={() => setDeleting(team)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}

function TeamForm({
  team,
  people,
  taken,
  onDone,
}: {
  team?: Teams.Team;
  people: { userId: string; name: string }[];
  taken: string[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const create = useCommand(Teams.create);
  const update = useCommand(Teams.update);
  const [name, setName] = useState(team?.name ?? '');
  const [colour, setColour] = useState(team?.colour ?? '#0d9488');
  const [members, setMembers] = useState<string[]>(team?.memberUserIds ?? []);
  const [error, setError] = useProblem();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The same rules the command applies, checked here first so the form can say so at once.
    if (!name.trim()) return setError('teams.name-required');
    if (taken.some((n) => Teams.sameTeamName(n, name))) return setError('teams.name-taken');
    const fields = { name: name.trim(), colour, memberUserIds: members };
    if (team) update.mutate({ _id: team._id, changes: fields });
    else create.mutate(fields);
    onDone();
  };
  return (
    <DialogContent>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <DialogHeader>
          <DialogTitle>{team ? t('teams.edit') : t('teams.new')}</DialogTitle>
          <DialogDescription>{t('teams.form-description')}</DialogDescription>
        </DialogHeader>
        <div className="flex items-end gap-3">
          <div className="flex flex-1 flex-col gap-2">
            <Label htmlFor="team-name">{t('teams.name')}</Label>
            <Input
              id="team-name"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setError(undefined);
              }}
              maxLength={100}
              aria-invalid={!!error}
              aria-describedby={error ? 'team-name-error' : undefined}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="team-colour">{t('teams.colour')}</Label>
            <input
              id="team-colour"
              type="color"
              className="h-10 w-16 cursor-pointer rounded-md border border-input bg-background p-1"
              value={colour}
              onChange={(e) => setColour(e.target.value)}
            />
          </div>
        </div>
        {error && (
          <p id="team-name-error" role="alert" className="-mt-2 text-sm text-destructive">
            {error}
          </p>
        )}
        {people.length > 0 && (
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-2 text-sm font-medium">{t('teams.members')}</legend>
            {people.map((p) => (
              <div key={p.userId} className="flex min-h-10 items-center gap-2">
                <Checkbox
                  id={`member-${p.userId}`}
                  checked={members.includes(p.userId)}
                  onCheckedChange={(on) =>
                    setMembers((m) => (on ? [...m, p.userId] : m.filter((id) => id !== p.userId)))
                  }
                />
                <Label htmlFor={`member-${p.userId}`} className="cursor-pointer font-normal">
                  {p.name}
                </Label>
              </div>
            ))}
          </fieldset>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {t('general.cancel')}
          </Button>
          <Button type="submit">{t('general.save')}</Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
