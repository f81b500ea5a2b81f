import type { Store } from '../store/store.ts';
import type { Template } from '../templates/schema.ts';

/** What a campaign reads of its template (the templates area's `template` entity). */
export type CampaignTemplate = Pick<
  Template,
  '_id' | 'name' | 'subject' | 'html' | 'smsTemplate' | 'useSubjectAsSmsMessage'
>;

export const readTemplate = (store: Store, id: string) => store.get<Template>('template', id);

/** The SMS text of a template: its subject when 'same as subject' is on (spec 002 section 6). */
export const smsTextOf = (t: CampaignTemplate) =>
  (t.useSubjectAsSmsMessage ? t.subject : t.smsTemplate || t.subject).trim();
