import type { EntityType } from '../entity.ts';
import type { Store } from '../store/store.ts';

/** What a campaign reads of its template (the templates area's `template` entity). */
export interface CampaignTemplate {
  _id: string;
  name: string;
  subject: string;
  html: string;
  smsTemplate: string;
  useSubjectAsSmsMessage: boolean;
}

export const readTemplate = (store: Store, id: string) =>
  store.get<CampaignTemplate>('template' as EntityType, id);

/** The SMS text of a template: its subject when 'same as subject' is on (spec 002 section 6). */
export const smsTextOf = (t: CampaignTemplate) =>
  (t.useSubjectAsSmsMessage ? t.subject : t.smsTemplate || t.subject).trim();
