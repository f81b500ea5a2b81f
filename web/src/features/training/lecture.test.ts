import { describe, expect, it } from 'vitest';
import { byLesson, type Lecture, matchesSearch, showLecture, stripModulePrefix } from './lecture';

const lecture = (over: Partial<Lecture> = {}): Lecture => ({
  title: 'M2.1 - Adding a customer',
  description: '',
  content: 'Search the address so the map knows where it is.',
  videoSrc: '',
  slug: 'adding',
  lesson: { title: 'Customers and jobs', slug: 'customers' },
  ...over,
});

describe('training lectures', () => {
  it('strip the module prefix from titles', () => {
    expect(stripModulePrefix('M2.1 - Adding a customer')).toBe('Adding a customer');
    expect(stripModulePrefix('Module 3: Rounds')).toBe('Rounds');
    expect(stripModulePrefix('Moving a visit')).toBe('Moving a visit');
  });

  it('match when every word is in the title, the lesson or the content', () => {
    const l = showLecture(lecture());
    expect(matchesSearch(l, 'customer map')).toBe(true);
    expect(matchesSearch(l, 'jobs ADDRESS')).toBe(true);
    expect(matchesSearch(l, 'customer invoice')).toBe(false);
    // The stripped prefix is not searched.
    expect(matchesSearch(l, 'm2.1')).toBe(false);
  });

  it('derive the video id, player address and picture from a YouTube source', () => {
    const l = showLecture(lecture({ videoSrc: 'https://www.youtube.com/watch?v=abc123XYZ' }));
    expect(l).toMatchObject({
      videoId: 'abc123XYZ',
      url: 'https://www.youtube-nocookie.com/embed/abc123XYZ',
      imageUrl: 'https://i.ytimg.com/vi/abc123XYZ/hqdefault.jpg',
    });
    expect(showLecture(lecture()).url).toBeUndefined();
  });

  it('group by lesson in the order lessons first appear', () => {
    const groups = byLesson([
      showLecture(lecture({ slug: 'a' })),
      showLecture(lecture({ slug: 'b', lesson: { title: 'Rounds', slug: 'rounds' } })),
      showLecture(lecture({ slug: 'c' })),
    ]);
    expect(groups.map((g) => [g.slug, g.lectures.map((l) => l.slug)])).toEqual([
      ['customers', ['a', 'c']],
      ['rounds', ['b']],
    ]);
  });
});
