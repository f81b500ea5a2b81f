import { describe, expect, it } from 'vitest';
import { draftOf } from './directory-draft';
import { entryOfSetup, setupOfEntry, stepReady } from './setup-form';

const form = setupOfEntry(draftOf(undefined, 'Glass Act'));

describe('the setup wizard (spec 002 section 5)', () => {
  it('holds step 1 until the terms are accepted and a URL handle given', () => {
    expect(stepReady(0, form)).toBe(false);
    expect(stepReady(0, { ...form, termsAccepted: true })).toBe(false);
    expect(stepReady(0, { ...form, termsAccepted: true, urlHandle: '  ' })).toBe(false);
    expect(stepReady(0, { ...form, urlHandle: 'glass-act' })).toBe(false);
    expect(stepReady(0, { ...form, termsAccepted: true, urlHandle: 'glass-act' })).toBe(true);
  });

  it('holds step 2 until the business name and description are filled', () => {
    expect(form.businessName).toBe('Glass Act');
    expect(stepReady(1, form)).toBe(false);
    expect(stepReady(1, { ...form, businessDescription: 'Windows' })).toBe(true);
    expect(stepReady(1, { ...form, businessName: ' ', businessDescription: 'Windows' })).toBe(false);
    expect(stepReady(2, form)).toBe(true);
  });

  it('publishes set up, enabled and public, leaving out the contacts not to be shown', () => {
    const entry = entryOfSetup(draftOf(undefined, 'Glass Act'), {
      ...form,
      termsAccepted: true,
      urlHandle: ' glass-act ',
      businessDescription: 'Windows',
      contactNumber: '01632 960123',
      emailAddress: 'hello@glass.example',
      showEmailAddress: false,
    });
    expect(entry).toMatchObject({
      setupComplete: true,
      portalEnabled: 'y',
      isPublic: 'y',
      uniqueUrl: 'glass-act',
      summary: 'Windows',
      telephone: '01632 960123',
      email: '',
    });
  });
});
