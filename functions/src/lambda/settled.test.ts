import { describe, expect, it } from 'vitest';
import { background } from '../background.ts';
import { settled } from './settled.ts';

const later = (ms: number, done: string[], name: string) =>
  new Promise<void>((resolve) =>
    setTimeout(() => {
      done.push(name);
      resolve();
    }, ms),
  );

describe('settled Lambda handler', () => {
  it('returns only after the effect dispatch started after the reply has landed', async () => {
    const done: string[] = [];
    const handler = settled(async (event: string) => {
      background(later(30, done, 'effect dispatch'), { beforeFreeze: true });
      return `reply to ${event}`;
    });
    expect(await handler('command', {})).toBe('reply to command');
    expect(done).toEqual(['effect dispatch']);
  });

  it('does not hold the reply for best-effort work such as a snapshot build', async () => {
    const done: string[] = [];
    const handler = settled(async () => {
      background(later(200, done, 'snapshot'));
      return 'first page';
    });
    expect(await handler(undefined, {})).toBe('first page');
    expect(done).toEqual([]);
    await later(250, [], 'wait');
    expect(done).toEqual(['snapshot']);
  });
});
