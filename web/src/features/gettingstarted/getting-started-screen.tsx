import './strings.ts';
import { type Actor, canNavigate } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { Screen } from '../../components/screen';
import { guide } from './guide';

/**
 * `gettingstarted` (every role): how to use Roundwise, task by task, each linking to the screen
 * it is done on. Unlike quick start (an Owner's or Admin's checklist of a new account's set-up),
 * it is for anyone, and lists only what this person can open in this build.
 */
export function GettingStartedScreen({
  actor,
  screensThatExist,
}: {
  actor: Actor;
  screensThatExist: ReadonlySet<string>;
}) {
  const { t } = useTranslation();
  const sections = guide
    .map((s) => ({
      ...s,
      tasks: s.tasks.filter((task) => screensThatExist.has(task.route) && canNavigate(actor, task.route).ok),
    }))
    .filter((s) => s.tasks.length > 0);
  return (
    <Screen title={t('gettingstarted.title')}>
      <p className="mb-4 text-sm text-muted-foreground">{t('gettingstarted.intro')}</p>
      <div className="flex flex-col gap-4">
        {sections.map((section, i) => (
          <Card key={section.id} aria-labelledby={`guide-${section.id}`}>
            <h2 id={`guide-${section.id}`} className="font-semibold">
              {i + 1}. {t(`gettingstarted.section-${section.id}`)}
            </h2>
            <ul className="mt-2 flex flex-col divide-y">
              {section.tasks.map((task) => (
                <li key={task.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{t(`gettingstarted.task-${task.id}`)}</p>
                    <p className="text-sm text-muted-foreground">
                      {t(`gettingstarted.task-${task.id}-text`)}
                    </p>
                  </div>
                  <Link
                    to={task.path}
                    className="inline-flex min-h-10 items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {t(`gettingstarted.open-${task.id}`)}
                    <ArrowRight className="size-4" aria-hidden />
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </Screen>
  );
}
