import './strings.ts';
import type { Entry } from './api/list-entries';

type T = (key: string, options?: Record<string, unknown>) => string;

/** The verbs the commands' names start with that read as something else in a sentence. */
const VERBS: Record<string, string> = { remove: 'delete', add: 'create', save: 'update', edit: 'update' };
const KNOWN_VERBS = new Set([
  'create',
  'update',
  'delete',
  'publish',
  'send',
  'complete',
  'skip',
  'move',
  'restore',
  'convert',
  'accept',
  'decline',
  'record',
  'finish',
  'exclude',
  'include',
]);
const THINGS = new Set([
  'customer',
  'job',
  'visit',
  'round',
  'quote',
  'campaign',
  'audience',
  'template',
  'notification',
  'transaction',
  'service',
  'team',
  'attachment',
]);

/** The record's name the entry was written with: the summary is "<action> <type> <name>[ (+n more)]". */
function nameOf(entry: Entry): { name?: string; more: number } {
  const summary = entry.actionDetailsSummary;
  if (!summary) {
    const deleted = /^Deleted \w+ (.+)$/.exec(entry.actionDetailsDescription.split('\n')[0] ?? '');
    return { ...(deleted?.[1] ? { name: deleted[1] } : {}), more: 0 };
  }
  const more = Number(/ \(\+(\d+) more\)$/.exec(summary)?.[1] ?? 0);
  const prefix = `${entry.action} ${entry.subject.resourceType} `;
  const rest = summary.replace(/ \(\+\d+ more\)$/, '');
  return { ...(rest.startsWith(prefix) ? { name: rest.slice(prefix.length) } : {}), more };
}

/**
 * An entry as a sentence a person reads: "Dave created the campaign 'Winter gutters'", not
 * "send.create-campaign 01M8...". The verb comes from the command's name (its verb, else what
 * happened to the record), the thing from the record's type; ids are never shown.
 */
export function entrySentence(entry: Entry, who: string, t: T): string {
  const word = (entry.action.split('.').at(-1) ?? '').split('-')[0] ?? '';
  const op = entry.changes[0]?.op;
  const verb = KNOWN_VERBS.has(VERBS[word] ?? word) ? (VERBS[word] ?? word) : (op ?? 'update');
  const type = entry.subject.resourceType;
  const thing = THINGS.has(type) ? t(`audit.thing-${type}`) : t('audit.thing-record');
  const { name, more } = nameOf(entry);
  const sentence = name
    ? t('audit.sentence-named', { who, verb: t(`audit.verb-${verb}`), thing, name })
    : t('audit.sentence', { who, verb: t(`audit.verb-${verb}`), thing });
  return more > 0 ? `${sentence} ${t('audit.and-more', { count: more })}` : sentence;
}
