import { describe, expect, it, vi } from 'vitest';
import { runBulk } from './bulk-send';

const recipients = Array.from({ length: 600 }, (_, i) => i);

describe('bulk email (spec 000 section 4)', () => {
  it('yields to the interface every 250 sends and reports sent of total', async () => {
    const pause = vi.fn(async () => {});
    const progress: [number, number][] = [];
    const outcome = await runBulk({
      recipients,
      send: async () => {},
      onProgress: (s, t) => progress.push([s, t]),
      askContinue: async () => true,
      cancelled: () => false,
      pause,
    });
    expect(outcome).toEqual({ sent: 600, total: 600, end: 'done' });
    expect(pause).toHaveBeenCalledTimes(2);
    expect(progress).toEqual([
      [250, 600],
      [500, 600],
      [600, 600],
    ]);
  });

  it('asks whether to continue on a failure; carrying on skips that one, stopping ends the run', async () => {
    const fail = async (r: number) => {
      if (r === 3) throw new Error('refused');
    };
    const asked: number[] = [];
    const carryOn = await runBulk({
      recipients: recipients.slice(0, 10),
      send: fail,
      onProgress: () => {},
      askContinue: async (r) => {
        asked.push(r);
        return true;
      },
      cancelled: () => false,
    });
    expect(asked).toEqual([3]);
    expect(carryOn).toEqual({ sent: 9, total: 10, end: 'done' });
    const stop = await runBulk({
      recipients: recipients.slice(0, 10),
      send: fail,
      onProgress: () => {},
      askContinue: async () => false,
      cancelled: () => false,
    });
    expect(stop).toEqual({ sent: 3, total: 10, end: 'stopped' });
  });

  it('cancel stops at the next send and reports sent and total', async () => {
    let cancel = false;
    const outcome = await runBulk({
      recipients,
      send: async (r) => {
        if (r === 299) cancel = true;
      },
      onProgress: () => {},
      askContinue: async () => true,
      cancelled: () => cancel,
    });
    expect(outcome).toEqual({ sent: 300, total: 600, end: 'cancelled' });
  });
});
