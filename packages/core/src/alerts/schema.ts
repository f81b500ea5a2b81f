import { z } from 'zod';
import { Id } from '../entity.ts';
import { RequiredText, TextList, TrimmedText } from '../text.ts';

/** Spec 000 section 3, "Alert: audience (list of email addresses)"; the other fields are ours. */
export const AlertFields = z.object({
  title: RequiredText('alerts.title-required', 200),
  message: TrimmedText(5000).default(''),
  /** Email addresses the alert is for; empty means everyone in the account. */
  audience: TextList(254, 500)
    .transform((emails) => emails.map((e) => e.toLowerCase()))
    .default([]),
});

export const Alert = AlertFields.extend({
  _id: Id,
  createdDate: z.string(),
  /** User ids that have read it. */
  readBy: z.array(z.string()).default([]),
});
export type Alert = z.infer<typeof Alert>;
