import type { AuthRepository, CommandAnswer } from '@roundwise/db';

interface Waiting {
  accountId: string;
  commandId: string;
  answer: CommandAnswer;
  now: Date;
  done: () => void;
  failed: (error: unknown) => void;
}

/**
 * Writes command answer records (after each command's reply) together, in `BatchWriteItem`s of 25
 * at most, so a busy instance spends one table call on several answers. Each `write` resolves when
 * its record has landed (a Lambda handler waits for it before returning; `lambda/settled.ts`).
 *
 * `lingerMs` is how long the first answer waits for others (a group commit). 0 writes the answers
 * of commands that finished in the same turn of the event loop together, and a lone one at once:
 * right for Lambda, whose reply waits for the write. A long-running server can wait: with 10 ms
 * a client sending commands one after another (a device emptying its queue) no longer has each
 * answer's write competing with its next command at the table, and the table does one write for
 * several answers (measured in docs/benchmarks.md). Until a record lands, a replay of its command
 * recognises its writes and waits for it (`run-command.ts`).
 */
export class AnswerWriter {
  private queue: Waiting[] = [];
  private timer: ReturnType<typeof setTimeout> | ReturnType<typeof setImmediate> | undefined;

  constructor(
    private readonly auth: AuthRepository,
    private readonly lingerMs = 0,
  ) {}

  write(accountId: string, commandId: string, answer: CommandAnswer, now: Date): Promise<void> {
    return new Promise<void>((done, failed) => {
      this.queue.push({ accountId, commandId, answer, now, done, failed });
      if (this.queue.length >= BATCH) return void this.flush();
      if (this.timer) return;
      this.timer =
        this.lingerMs > 0
          ? setTimeout(() => void this.flush(), this.lingerMs)
          : setImmediate(() => void this.flush());
    });
  }

  private async flush() {
    clearTimeout(this.timer as ReturnType<typeof setTimeout>);
    clearImmediate(this.timer as ReturnType<typeof setImmediate>);
    this.timer = undefined;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, BATCH);
      try {
        await this.auth.completeCommands(batch);
        for (const w of batch) w.done();
      } catch (error) {
        for (const w of batch) w.failed(error);
      }
    }
  }
}

/** DynamoDB's most items per BatchWriteItem. */
const BATCH = 25;
