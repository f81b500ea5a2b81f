import './strings.ts';
import { TRAINING_ACADEMY_URL } from '@roundwise/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ChevronDown, ExternalLink, PlayCircle } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { SearchBar } from '../../components/menu-bars/search-bar';
import { Screen } from '../../components/screen';
import { lecturesQuery } from './api/lectures';
import { byLesson, matchesSearch, type ShownLecture, showLecture } from './lecture';

/** Spec 001 section 9: the training search's debounce. */
const SEARCH_DEBOUNCE_MS = 400;

/**
 * The training academy (`training`, spec 001 section 2.3): lectures grouped by lesson in
 * sections of which one is open at a time; a lecture plays above the list. While searching, every
 * lesson with a match is open, so the matches show without a click.
 */
export function TrainingScreen() {
  const { t } = useTranslation();
  const { data } = useSuspenseQuery(lecturesQuery);
  const lectures = useMemo(() => data.map(showLecture), [data]);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string | undefined>(lectures[0]?.lesson.slug);
  const [playing, setPlaying] = useState<ShownLecture>();
  const player = useRef<HTMLElement>(null);
  const lessons = byLesson(lectures.filter((l) => matchesSearch(l, search)));
  const play = (l: ShownLecture) => {
    setPlaying(l);
    requestAnimationFrame(() => player.current?.scrollIntoView({ block: 'nearest' }));
  };
  return (
    <Screen
      title={t('training.title')}
      bars={
        <SearchBar onSearch={setSearch} placeholder={t('training.search')} debounceMs={SEARCH_DEBOUNCE_MS} />
      }
      actions={
        <a
          href={TRAINING_ACADEMY_URL}
          target="_blank"
          rel="noreferrer"
          className="inline-flex min-h-10 items-center gap-1 px-2 text-sm font-medium text-primary"
        >
          <ExternalLink className="size-4" aria-hidden />
          <span className="max-sm:sr-only">{t('training.open-academy')}</span>
        </a>
      }
    >
      {playing && (
        <Card ref={player} aria-labelledby="lecture-playing" className="mb-4" data-testid="lecture-player">
          {playing.url ? (
            <div className="mb-3 aspect-video overflow-hidden rounded-md bg-black">
              {playing.videoId ? (
                <iframe
                  src={playing.url}
                  title={playing.name}
                  className="size-full"
                  allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                />
              ) : (
                // biome-ignore lint/a11y/useMediaCaption: the content service's videos carry no caption track; the lecture's text is below
                <video src={playing.url} controls autoPlay className="size-full" />
              )}
            </div>
          ) : (
            <p className="mb-2 text-xs text-muted-foreground">{t('training.written-only')}</p>
          )}
          <h2 id="lecture-playing" className="text-lg font-semibold">
            {playing.name}
          </h2>
          <p className="text-sm text-muted-foreground">{playing.lessonName}</p>
          <p className="mt-2 whitespace-pre-line text-sm">{playing.content}</p>
        </Card>
      )}
      {lessons.length === 0 && <Card>{t('training.empty')}</Card>}
      <div className="flex flex-col gap-3">
        {lessons.map((lesson) => {
          const expanded = search !== '' || open === lesson.slug;
          return (
            <Card key={lesson.slug} className="p-0">
              <h2>
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={`lesson-${lesson.slug}`}
                  onClick={() => setOpen(open === lesson.slug ? undefined : lesson.slug)}
                  className="flex min-h-12 w-full items-center gap-3 px-4 py-3 text-left font-semibold"
                >
                  <span className="flex-1">{lesson.name}</span>
                  <span className="text-xs font-normal text-muted-foreground">
                    {t('training.count', { count: lesson.lectures.length })}
                  </span>
                  <ChevronDown
                    className={clsx('size-4 transition-transform', expanded && 'rotate-180')}
                    aria-hidden
                  />
                </button>
              </h2>
              {expanded && (
                <ul id={`lesson-${lesson.slug}`} className="grid gap-2 border-t p-3 sm:grid-cols-2">
                  {lesson.lectures.map((l) => (
                    <li key={l.slug}>
                      <button
                        type="button"
                        onClick={() => play(l)}
                        aria-pressed={playing?.slug === l.slug}
                        className={clsx(
                          'flex h-full w-full items-start gap-3 rounded-md border p-3 text-left hover:bg-muted',
                          playing?.slug === l.slug && 'border-primary bg-primary/5',
                        )}
                      >
                        {l.imageUrl ? (
                          <img src={l.imageUrl} alt="" className="h-12 w-20 shrink-0 rounded object-cover" />
                        ) : (
                          <PlayCircle className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                        )}
                        <span className="min-w-0">
                          <span className="block font-medium">{l.name}</span>
                          <span className="block text-sm text-muted-foreground">{l.description}</span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          );
        })}
      </div>
    </Screen>
  );
}
