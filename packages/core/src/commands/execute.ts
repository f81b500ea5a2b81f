import { assertAccess } from '../access/check.ts';
import { validation } from '../errors.ts';
import type { CommandContext, CommandDef } from './define.ts';

/**
 * Runs a command the same way everywhere: check access, validate the raw input, run. Access comes
 * first, so a role that may not run the command is refused (403) whatever it sends and never sees
 * what the command would have said about its input. A bad input throws `general.validation-failed`
 * (or the first issue's own message key) before anything is read or written.
 */
export async function executeCommand<R>(
  def: CommandDef<never, R>,
  ctx: CommandContext,
  raw: unknown,
): Promise<R> {
  assertAccess(def.access, ctx.actor);
  const parsed = (def as unknown as CommandDef).input.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`);
    const first = parsed.error.issues[0]?.message ?? '';
    // A schema may name a spec message key as its message ("rounds.enter-round",
    // "templates-form.nameRequired"); use it.
    const code = /^[a-z-]+(\.[a-zA-Z0-9-]+)+$/.test(first) ? first : 'general.validation-failed';
    throw validation(code, { issues });
  }
  return (def as unknown as CommandDef<never, R>).run(ctx, parsed.data as never);
}
