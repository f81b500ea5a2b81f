import { validation } from '../errors.ts';
import type { Revision, Template } from './schema.ts';

/** Revisions a template keeps, newest first. */
export const MAX_REVISIONS = 10;
/**
 * A template is one table item, and DynamoDB refuses an item over 400 KB: a template is kept
 * under 350 KB as JSON (its HTML is bigger than its blocks when the text has many characters to
 * escape). Its revisions take what room is left, newest first.
 */
export const MAX_TEMPLATE_BYTES = 350_000;

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * `template` as it is stored: refused with `templates.too-large` when even without revisions it
 * would not fit one item; its revisions (newest first) cut to the newest 10 that fit beside it.
 */
export function fitted<T extends Pick<Template, 'revisions'>>(template: T): T {
  if (!template.revisions) {
    if (bytes(template) > MAX_TEMPLATE_BYTES) throw validation('templates.too-large');
    return template;
  }
  let room = MAX_TEMPLATE_BYTES - bytes({ ...template, revisions: [] });
  if (room < 0) throw validation('templates.too-large');
  const kept: Revision[] = [];
  for (const revision of template.revisions.slice(0, MAX_REVISIONS)) {
    room -= bytes(revision) + 1;
    if (room < 0) break;
    kept.push(revision);
  }
  return { ...template, revisions: kept };
}
