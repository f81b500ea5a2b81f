import './strings.ts';
import { Tracker } from '@roundwise/core';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../components/form';
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
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { type Person, personName } from '../../lib/people';
import type { Visit } from '../../lib/schedule';
import { toast } from '../../lib/toast';
import { clockOf, durationOf } from './duration';

/** What the entry form edits: a new entry (maybe for a worker), or an existing one. */
export type EntryFormState =
  | { kind: 'create'; assigneeId?: string }
  | { kind: 'edit'; entry: Tracker.TimeEntry };

const hhmmOf = (ms: number, zone: string) => {
  const m = Math.floor(Tracker.localOf(ms, zone).minute);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** The worker's time entries on the day: each with edit and delete (not while running). */
export function EntriesDialog({
  userId,
  people,
  entries,
  labelOf,
  onClose,
  onPick,
  onEdit,
  onDelete,
  onCreate,
}: {
  userId: string | undefined;
  people: Person[];
  entries: Tracker.TimeEntry[];
  labelOf: (jobId: string) => string;
  onClose: () => void;
  onPick: (userId: string) => void;
  onEdit: (e: Tracker.TimeEntry) => void;
  onDelete: (e: Tracker.TimeEntry) => void;
  onCreate: (userId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('tracker.entries-title')}</DialogTitle>
          <DialogDescription>
            {userId
              ? personName(
                  people.find((p) => p.userId === userId),
                  userId,
                  t,
                )
              : ''}
          </DialogDescription>
        </DialogHeader>
        <Field label={t('tracker.worker')}>
          <select className={inputClass} value={userId ?? ''} onChange={(e) => onPick(e.target.value)}>
            <option value="">{t('tracker.choose-worker')}</option>
            {people.map((p) => (
              <option key={p.userId} value={p.userId}>
                {personName(p, p.userId, t)}
              </option>
            ))}
          </select>
        </Field>
        {!userId ? (
          <p className="py-4 text-center text-sm text-muted-foreground">{t('tracker.select-worker')}</p>
        ) : entries.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">{t('tracker.no-entries')}</p>
        ) : (
          <ul className="divide-y rounded-md border" data-testid="worker-entries">
            {entries.map((e) => (
              <li
                key={e.entryId}
                className="flex items-center gap-2 px-3 py-2 text-sm"
                data-testid="worker-entry"
              >
                <div className="min-w-0 flex-1">
                  <div className="truncate font-medium">{labelOf(e.jobId)}</div>
                  <div className="text-muted-foreground">
                    {clockOf(e.start, i18n.language)}–{clockOf(e.stop, i18n.language)} · {durationOf(e.ms, t)}
                    {e.type === 'running' && ` · ${t('tracker.running')}`}
                    {e.review && ` · ${t('tracker.review')}`}
                  </div>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  disabled={e.type === 'running'}
                  aria-label={t('tracker.edit-entry-of', { job: labelOf(e.jobId) })}
                  onClick={() => onEdit(e)}
                >
                  <Pencil aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  disabled={e.type === 'running'}
                  aria-label={t('tracker.delete-entry-of', { job: labelOf(e.jobId) })}
                  onClick={() => onDelete(e)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {userId && (
          <DialogFooter>
            <Button variant="outline" onClick={() => onCreate(userId)}>
              <Plus aria-hidden />
              {t('tracker.new-entry')}
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Create or edit a time entry: worker (fixed on edit), job, start and end (spec 002 section 5). */
export function EntryForm({
  state,
  day,
  zone,
  people,
  visits,
  labelOf,
  onClose,
}: {
  state: EntryFormState;
  day: string;
  zone: string;
  people: Person[];
  visits: Visit[];
  labelOf: (jobId: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCommand(Tracker.createEntry);
  const update = useCommand(Tracker.updateEntry);
  const editing = state.kind === 'edit' ? state.entry : undefined;
  const [assigneeId, setAssignee] = useState(
    editing?.assigneeId ?? (state.kind === 'create' ? state.assigneeId : '') ?? '',
  );
  const [visit, setVisit] = useState(editing ? `${editing.jobId}|${editing.isoDueDate}` : '');
  const [start, setStart] = useState(editing ? hhmmOf(editing.start, zone) : '');
  const [stop, setStop] = useState(editing && !editing.review ? hhmmOf(editing.stop, zone) : '');
  const [error, setError] = useState<string>();
  const options = new Map(visits.map((v) => [`${v.jobId}|${v.isoDueDate}`, labelOf(v.jobId)]));
  if (editing) options.set(`${editing.jobId}|${editing.isoDueDate}`, labelOf(editing.jobId));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const from = Tracker.minutesOfTime(start);
    const to = Tracker.minutesOfTime(stop);
    const [jobId, isoDueDate] = visit.split('|') as [string, string];
    if (!assigneeId) return setError('tracker.assignee-required');
    if (!visit) return setError('tracker.job-required');
    if (from === undefined) return setError('tracker.start-time-required');
    if (to === undefined) return setError('tracker.end-time-required');
    if (to <= from) return setError('tracker.start-before-end');
    // The day of the entry: the one it started on (edit), else the day on screen.
    const onDay = editing?.day ?? day;
    const times = {
      start: new Date(Tracker.instantOf(onDay, from, zone)).toISOString(),
      stop: new Date(Tracker.instantOf(onDay, to, zone)).toISOString(),
    };
    const onError = (err: unknown) => toast.error(errorText(t, err));
    if (editing) update.mutate({ entryId: editing.entryId, jobId, isoDueDate, ...times }, { onError });
    else create.mutate({ assigneeId, jobId, isoDueDate, ...times }, { onError });
    onClose();
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-3" noValidate>
          <DialogHeader>
            <DialogTitle>{t(editing ? 'tracker.edit-entry' : 'tracker.new-entry')}</DialogTitle>
            <DialogDescription>{t('tracker.entry-hint')}</DialogDescription>
          </DialogHeader>
          <Field label={t('tracker.worker')}>
            <select
              className={inputClass}
              value={assigneeId}
              disabled={!!editing}
              onChange={(e) => setAssignee(e.target.value)}
            >
              <option value="">{t('tracker.choose-worker')}</option>
              {people.map((p) => (
                <option key={p.userId} value={p.userId}>
                  {personName(p, p.userId, t)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('tracker.job')}>
            <select className={inputClass} value={visit} onChange={(e) => setVisit(e.target.value)}>
              <option value="">{t('tracker.choose-job')}</option>
              {[...options].map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          <div className="grid grid-cols-2 gap-2">
            <Field label={t('tracker.start')}>
              <input
                type="time"
                step={300}
                className={inputClass}
                value={start}
                onChange={(e) => setStart(e.target.value)}
              />
            </Field>
            <Field label={t('tracker.end')}>
              <input
                type="time"
                step={300}
                className={inputClass}
                value={stop}
                onChange={(e) => setStop(e.target.value)}
              />
            </Field>
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {t(error)}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('tracker.cancel')}
            </Button>
            <Button type="submit">{t('tracker.save')}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** 'Are you sure you want to delete this time entry?' (spec 002 section 8). */
export function DeleteEntry({ entry, onClose }: { entry: Tracker.TimeEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useCommand(Tracker.deleteEntry);
  return (
    <AlertDialog open onOpenChange={(o) => !o && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('tracker.delete-title')}</AlertDialogTitle>
          <AlertDialogDescription>{t('tracker.delete-entry-confirm')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('tracker.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              remove.mutate({ entryId: entry.entryId }, { onError: (err) => toast.error(errorText(t, err)) });
              onClose();
            }}
          >
            {t('tracker.delete')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
