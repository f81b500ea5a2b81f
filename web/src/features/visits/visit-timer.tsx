import './strings.ts';
import { type Actor, Visits } from '@roundwise/core';
import * as VisitRefs from '@roundwise/core/visits/refs';
import { Play, Timer } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import type { Visit } from '../../lib/schedule';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';

/**
 * The worker's timer on their visit (time tracker feature): Start records a start event; Done
 * (the visit's own button) stops it. Both are commands, so they are recorded offline with the
 * moment the worker tapped and reach the server in order.
 */
export function VisitTimer({ actor, item }: { actor: Actor; item: Visit }) {
  const { t, i18n } = useTranslation();
  const start = useCommand(VisitRefs.start);
  const events = useEntityList<Visits.TimeEvent>('timeEvent');
  const running = useMemo(
    () =>
      Visits.openStartOf(
        events.filter((e) => e.occurrenceId === item.id),
        actor.userId,
      ),
    [events, item.id, actor.userId],
  );
  if (!actor.flags.includes('timeTracker') || !item.assignees.includes(actor.userId)) return null;
  if (item.status !== Visits.VisitStatus.NotDone) return null;
  if (running) {
    const at = new Date(running.eventTimestamp).toLocaleTimeString(i18n.language, { timeStyle: 'short' });
    return (
      <p className="flex items-center gap-2 text-sm font-medium" data-testid="visit-timer" role="status">
        <Timer className="size-4" aria-hidden />
        {t('mywork.started-at', { time: at })}
      </p>
    );
  }
  return (
    <Button
      variant="secondary"
      onClick={() =>
        start.mutate(
          { jobId: item.jobId, isoDueDate: item.isoDueDate },
          { onError: (e) => toast.error(errorText(t, e)) },
        )
      }
    >
      <Play aria-hidden />
      {t('mywork.start')}
    </Button>
  );
}
