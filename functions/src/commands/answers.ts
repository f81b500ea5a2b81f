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
 * Writes command answer records (after each command's reply) together: the answers of commands
 * that finish in the same turn of the event loop go in one `BatchWriteItem` (25 at most), so a
 * busy instance spends one table call on several answers. A lone command's answer is written at
 * once, in the next turn. Each `write` resolves when its record has landed (a Lambda handler
 * waits for it before returning; `lambda/settled.ts`).
 */
export class AnswerWriter {
  private queue: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly auth: AuthRepository) {}

  write(accountId: string, commandId: string, answer: CommandAnswer, now: Date): Promise<void> {
    return new Promise<void>((done, failed) => {
      this.queue.push({ accountId, commandId, answer, now, done, failed });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.flush());
    });
  }

  private async flush() {
    this.scheduled = false;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, 25);
      try {
        await this.auth.completeCommands(batch);
        for (const w of batch) w.done();
      } catch (error) {
        for (const w of batch) w.failed(error);
      }
    }
  }
}
