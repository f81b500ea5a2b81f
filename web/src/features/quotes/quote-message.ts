import { Quotes } from '@roundwise/core';

/** The message a quote is sent with when the settings have no template of their own. */
export const DEFAULT_EMAIL_TEMPLATE =
  'Hello {{customerName}},\n\nThank you for your enquiry. Your quote {{quoteNumber}} for {{total}} is here:\n{{link}}\n\nYou can accept or decline it on that page.\n\n{{businessName}}';
export const DEFAULT_SMS_TEMPLATE = 'Your quote {{quoteNumber}} from {{businessName}} ({{total}}): {{link}}';

/**
 * The quote's public link on this site (spec 000 section 2.10), from the token the server issued
 * with the quote (docs/public-links.md); preview adds preview_mode=true.
 */
export const quoteLink = (origin: string, token: string, preview = false) =>
  `${origin}${Quotes.quoteLinkPath(token)}${preview ? '?preview_mode=true' : ''}`;

/** A template with its `{{name}}` fields filled; unknown fields are left as they are. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}
