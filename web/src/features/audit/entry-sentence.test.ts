import { describe, expect, it } from 'vitest';
import catalogue from '../../locales/en-GB.json';
import type { Entry } from './api/list-entries';
import { entrySentence } from './entry-sentence';

const strings = catalogue as Record<string, string>;
const t = (key: string, options: Record<string, unknown> = {}) => {
  const count = options.count as number | undefined;
  const text = strings[count === undefined ? key : `${key}_${count === 1 ? 'one' : 'other'}`] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
};
const entry = (over: Partial<Entry>): Entry => ({
  id: 'e',
  cursor: 'c',
  timestamp: '2026-11-21T10:00:00Z',
  createdBy: 'dave@example.com',
  action: 'send.create-campaign',
  subject: { id: '01M8ZZZZ', resourceType: 'campaign' },
  relatedSubjects: [],
  actionDetailsDescription: 'create campaign 01M8ZZZZ',
  changes: [{ resourceType: 'campaign', id: '01M8ZZZZ', op: 'create', fields: [] }],
  ...over,
});

describe('audit entries as sentences', () => {
  it('says who did what to which record, with no key or id', () => {
    expect(
      entrySentence(
        entry({ actionDetailsSummary: 'send.create-campaign campaign Winter gutters' }),
        'Dave',
        t,
      ),
    ).toBe("Dave created the campaign 'Winter gutters'");
  });

  it('reads a deleted customer from its description, and counts the other records', () => {
    expect(
      entrySentence(
        entry({
          action: 'customers.delete',
          subject: { id: '01X', resourceType: 'customer' },
          actionDetailsDescription: 'Deleted customer Eve Green\ndelete customer 01X',
        }),
        'You',
        t,
      ),
    ).toBe("You deleted the customer 'Eve Green'");
    expect(
      entrySentence(
        entry({
          action: 'visits.complete',
          subject: { id: '01V', resourceType: 'visit' },
          actionDetailsSummary: 'visits.complete visit (+1 more)',
          changes: [{ resourceType: 'visit', id: '01V', op: 'create', fields: [] }],
        }),
        'Sam',
        t,
      ),
    ).toBe('Sam completed a visit (and 1 more record)');
  });
});
