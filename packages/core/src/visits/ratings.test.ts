import { describe, expect, it } from 'vitest';
import { type PublicRating, publishedRatings, publishRating, unpublishRating } from './ratings.ts';

const rating = (appointmentId: string, stars: number, date: string): PublicRating => ({
  appointmentId,
  displayName: 'Ann S.',
  rating: stars,
  feedback: '',
  date,
});

describe('published ratings', () => {
  it('keep one rating per visit: publishing again replaces it, unpublishing removes it', () => {
    let list = publishRating([], rating('v1', 4, '2026-11-01'));
    list = publishRating(list, rating('v2', 5, '2026-11-03'));
    list = publishRating(list, { ...rating('v1', 5, '2026-11-01'), feedback: 'Spotless' });
    expect(list.map((r) => [r.appointmentId, r.rating])).toEqual([
      ['v1', 5],
      ['v2', 5],
    ]);
    expect(unpublishRating(list, 'v1').map((r) => r.appointmentId)).toEqual(['v2']);
  });

  it('are read newest first, limited, with the average of all', () => {
    const settings = {
      publicRatings: [
        rating('a', 3, '2026-10-01'),
        rating('b', 5, '2026-11-02'),
        rating('c', 4, '2026-10-20'),
      ],
    };
    expect(publishedRatings(settings, { limit: 2 })).toEqual({
      ratings: [rating('b', 5, '2026-11-02'), rating('c', 4, '2026-10-20')],
      count: 3,
      average: 4,
    });
    expect(publishedRatings({})).toEqual({ ratings: [], count: 0, average: null });
  });
});
