import type { AuthRepository, CommandAnswer } from '@roundwise/db';
import { describe, expect, it } from 'vitest';
import { AnswerWriter } from './answers.ts';

const answer: CommandAnswer = { status: 200, body: { ok: true } };

/** Records the batches it is asked to write; `fail` makes the next one fail. */
function recorder() {
  const batches: string[][] = [];
  let fail = false;
  const auth = {
    completeCommands: async (done: { commandId: string }[]) => {
      if (fail) {
        fail = false;
        throw new Error('table unavailable');
      }
      batches.push(done.map((d) => d.commandId));
    },
  } as unknown as AuthRepository;
  return { auth, batches, failNext: () => (fail = true) };
}

describe('AnswerWriter', () => {
  it('writes the answers of commands finishing together in one batch of at most 25', async () => {
    const { auth, batches } = recorder();
    const writer = new AnswerWriter(auth);
    const ids = Array.from({ length: 30 }, (_, i) => `c${i}`);
    await Promise.all(ids.map((id) => writer.write('acc', id, answer, new Date())));
    expect(batches).toEqual([ids.slice(0, 25), ids.slice(25)]);
  });

  it('writes a lone answer at once, and each write resolves only when its batch has landed', async () => {
    const { auth, batches, failNext } = recorder();
    const writer = new AnswerWriter(auth);
    await writer.write('acc', 'alone', answer, new Date());
    expect(batches).toEqual([['alone']]);
    failNext();
    await expect(writer.write('acc', 'lost', answer, new Date())).rejects.toThrow('table unavailable');
    await writer.write('acc', 'next', answer, new Date());
    expect(batches).toEqual([['alone'], ['next']]);
  });

  it('with a linger, waits for the answers of commands finishing a little later, and writes a full batch at once', async () => {
    const { auth, batches } = recorder();
    const writer = new AnswerWriter(auth, 40);
    const first = writer.write('acc', 'first', answer, new Date());
    await new Promise((r) => setTimeout(r, 10));
    expect(batches).toEqual([]);
    const second = writer.write('acc', 'second', answer, new Date());
    await Promise.all([first, second]);
    expect(batches).toEqual([['first', 'second']]);

    // A full batch does not wait a minute for its linger (the test would time out).
    const patient = new AnswerWriter(auth, 60_000);
    const ids = Array.from({ length: 25 }, (_, i) => `full${i}`);
    await Promise.all(ids.map((id) => patient.write('acc', id, answer, new Date())));
    expect(batches[1]).toEqual(ids);
  });
});
