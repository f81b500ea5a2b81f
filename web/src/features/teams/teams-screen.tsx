import { type Actor, Teams } from '@roundwise/core';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card, Field, inputClass, secondaryButtonClass } from '../../components/form';
import { ListBar } from '../../components/menu-bars/list-bar';
import { Screen } from '../../components/screen';
import { useCommand } from '../../lib/commands/use-command';
import { useEntityList } from '../../lib/sync/hooks';
import { teamMembersQuery } from './api/get-team-members';

type TeamInput = { name: string; colour: string; memberUserIds: string[] };

/** Teams (multi-user accounts): synced `team` entities changed through commands (Owner, Admin). */
export function TeamsScreen({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const teams = useEntityList<Teams.Team>('team');
  const sorted = useMemo(() => [...teams].sort((a, b) => a.name.localeCompare(b.name)), [teams]);
  const canEdit = actor.roles.includes('Owner') || actor.roles.includes('Admin');
  const people = useQuery({ ...teamMembersQuery, enabled: canEdit });
  const nameOf = (id: string) => people.data?.find((p) => p.userId === id)?.name ?? id;
  const [editing, setEditing] = useState<Teams.Team | 'new'>();
  const remove = useCommand<{ _id: string }>('teams.delete');
  return (
    <Screen
      title={t('teams.title')}
      actions={
        canEdit && (
          <button type="button" className={secondaryButtonClass} onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden />
            <span className="sr-only sm:not-sr-only">{t('teams.new')}</span>
          </button>
        )
      }
      bars={<ListBar summary={t('teams.count', { count: sorted.length })} />}
    >
      {editing && (
        <TeamForm
          team={editing === 'new' ? undefined : editing}
          people={people.data ?? []}
          taken={sorted.filter((x) => editing === 'new' || x._id !== editing._id).map((x) => x.name)}
          onDone={() => setEditing(undefined)}
        />
      )}
      {sorted.length === 0 ? (
        <p className="py-16 text-center text-muted-foreground">{t('teams.empty')}</p>
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
                  <div className="truncate text-sm text-muted-foreground">
                    {team.memberUserIds.length === 0
                      ? t('teams.no-members')
                      : canEdit
                        ? team.memberUserIds.map(nameOf).join(', ')
                        : t('teams.member-count', { count: team.memberUserIds.length })}
                  </div>
                </div>
                {canEdit && (
                  <>
                    <button type="button" className={secondaryButtonClass} onClick={() => setEditing(team)}>
                      {t('general.edit')}
                    </button>
                    <button
                      type="button"
                      className={secondaryButtonClass}
                      aria-label={t('teams.delete', { name: team.name })}
                      onClick={() =>
                        window.confirm(t('teams.delete-confirm', { name: team.name })) &&
                        remove.mutate({ _id: team._id })
                      }
                    >
                      <Trash2 className="size-4" aria-hidden />
                    </button>
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
  const create = useCommand<TeamInput>('teams.create');
  const update = useCommand<{ _id: string; changes: Partial<TeamInput> }>('teams.update');
  const [name, setName] = useState(team?.name ?? '');
  const [colour, setColour] = useState(team?.colour ?? '#0d9488');
  const [members, setMembers] = useState<string[]>(team?.memberUserIds ?? []);
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The same rules the command applies, checked here first so the form can say so at once.
    if (!name.trim()) return setError(t('teams.name-required'));
    if (taken.some((n) => Teams.sameTeamName(n, name))) return setError(t('teams.name-taken'));
    const fields = { name: name.trim(), colour, memberUserIds: members };
    if (team) update.mutate({ _id: team._id, changes: fields });
    else create.mutate(fields);
    onDone();
  };
  return (
    <Card className="mb-4">
      <form onSubmit={submit} className="flex flex-col gap-3">
        <h2 className="font-semibold">{team ? t('teams.edit') : t('teams.new')}</h2>
        <Field label={t('teams.name')} error={error}>
          <input
            className={inputClass}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
          />
        </Field>
        <Field label={t('teams.colour')}>
          <input
            type="color"
            className="h-10 w-16 rounded-md border"
            value={colour}
            onChange={(e) => setColour(e.target.value)}
          />
        </Field>
        {people.length > 0 && (
          <fieldset className="flex flex-col gap-1 text-sm">
            <legend className="mb-1 font-medium">{t('teams.members')}</legend>
            {people.map((p) => (
              <label key={p.userId} className="flex min-h-9 items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={members.includes(p.userId)}
                  onChange={(e) =>
                    setMembers((m) =>
                      e.target.checked ? [...m, p.userId] : m.filter((id) => id !== p.userId),
                    )
                  }
                />
                {p.name}
              </label>
            ))}
          </fieldset>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={onDone}>
            {t('general.cancel')}
          </button>
          <button type="submit" className={buttonClass}>
            {t('general.save')}
          </button>
        </div>
      </form>
    </Card>
  );
}
