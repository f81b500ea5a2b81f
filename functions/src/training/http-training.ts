import { z } from 'zod';
import type { Lecture, TrainingProvider } from './provider.ts';

const LECTURES_QUERY = `query Lectures {
  lectures(orderBy: createdAt_ASC, first: 500) {
    title description content videoSrc slug
    lesson { title slug cover { url } }
  }
}`;

const Answer = z.object({
  data: z.object({
    lectures: z.array(
      z.object({
        title: z.string(),
        description: z
          .string()
          .nullish()
          .transform((v) => v ?? ''),
        content: z
          .string()
          .nullish()
          .transform((v) => v ?? ''),
        videoSrc: z
          .string()
          .nullish()
          .transform((v) => v ?? ''),
        slug: z.string(),
        lesson: z.object({
          title: z.string(),
          slug: z.string(),
          cover: z
            .object({ url: z.string() })
            .nullish()
            .transform((v) => v ?? undefined),
        }),
      }),
    ),
  }),
});

/** The academy's content service: one GraphQL query for every lecture, the key kept on the server. */
export function createHttpTrainingProvider(options: { url: string; apiKey?: string }): TrainingProvider {
  return {
    async lectures(): Promise<Lecture[]> {
      const res = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({ query: LECTURES_QUERY }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`training content service answered ${res.status}`);
      return Answer.parse(await res.json()).data.lectures;
    },
  };
}
