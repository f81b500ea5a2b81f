import type { InferResponseType } from 'hono/client';
import type { api } from '../../lib/http';

export type Lecture = InferResponseType<typeof api.training.lectures.$get, 200>['lectures'][number];

/** A lecture as the screen shows it: the stored fields and those derived (spec 001 section 3). */
export interface ShownLecture extends Lecture {
  /** The title without the content service's module prefix ("M2.1 - "). */
  name: string;
  lessonName: string;
  /** A YouTube or Vimeo video's id, when the video is on one of them. */
  videoId?: string;
  /** What the player embeds: the service's player, or the file itself. */
  url?: string;
  imageUrl?: string;
}

const MODULE_PREFIX = /^\s*(?:module\s*|m)\d+(?:\.\d+)*\s*[-–:.]\s*/i;
export const stripModulePrefix = (title: string) => title.replace(MODULE_PREFIX, '');

export function showLecture(l: Lecture): ShownLecture {
  const youtube = /(?:youtube\.com\/(?:watch\?v=|embed\/)|youtu\.be\/)([\w-]{6,})/.exec(l.videoSrc)?.[1];
  const vimeo = /vimeo\.com\/(?:video\/)?(\d+)/.exec(l.videoSrc)?.[1];
  const videoId = youtube ?? vimeo;
  const url = youtube
    ? `https://www.youtube-nocookie.com/embed/${youtube}`
    : vimeo
      ? `https://player.vimeo.com/video/${vimeo}`
      : l.videoSrc || undefined;
  const imageUrl = youtube ? `https://i.ytimg.com/vi/${youtube}/hqdefault.jpg` : l.lesson.cover?.url;
  return {
    ...l,
    name: stripModulePrefix(l.title),
    lessonName: stripModulePrefix(l.lesson.title),
    ...(videoId ? { videoId } : {}),
    ...(url ? { url } : {}),
    ...(imageUrl ? { imageUrl } : {}),
  };
}

/** Spec 001 section 2.3: every typed word is found in the title, the lesson or the content. */
export function matchesSearch(l: ShownLecture, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${l.name} ${l.lessonName} ${l.content}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

/** Lectures grouped by lesson, lessons in the order their first lecture comes. */
export function byLesson(
  lectures: ShownLecture[],
): { slug: string; name: string; lectures: ShownLecture[] }[] {
  const groups = new Map<string, { slug: string; name: string; lectures: ShownLecture[] }>();
  for (const l of lectures) {
    const group = groups.get(l.lesson.slug) ?? { slug: l.lesson.slug, name: l.lessonName, lectures: [] };
    group.lectures.push(l);
    groups.set(l.lesson.slug, group);
  }
  return [...groups.values()];
}
