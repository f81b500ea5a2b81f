import type { DirectoryDraft } from './directory-draft';

/** The setup wizard's form (spec 002 section 3, "Setup wizard form"). */
export interface SetupForm {
  termsAccepted: boolean;
  urlHandle: string;
  logo: string;
  coverImage: string;
  businessName: string;
  businessDescription: string;
  contactNumber: string;
  showContactNumber: boolean;
  emailAddress: string;
  showEmailAddress: boolean;
  businessAddress: string;
  showBusinessAddress: boolean;
}

export function setupOfEntry(entry: DirectoryDraft): SetupForm {
  return {
    termsAccepted: entry.setupComplete,
    urlHandle: entry.uniqueUrl,
    logo: entry.logo,
    coverImage: entry.banner,
    businessName: entry.businessName,
    businessDescription: entry.summary,
    contactNumber: entry.telephone,
    showContactNumber: true,
    emailAddress: entry.email,
    showEmailAddress: true,
    businessAddress: entry.addressDescription,
    showBusinessAddress: true,
  };
}

/**
 * The step rules (spec 002 section 5): step 1 needs the terms accepted and a URL handle; step 2 a
 * business name and description. The preview step has none.
 */
export function stepReady(step: number, form: SetupForm): boolean {
  if (step === 0) return form.termsAccepted && form.urlHandle.trim() !== '';
  if (step === 1) return form.businessName.trim() !== '' && form.businessDescription.trim() !== '';
  return true;
}

/**
 * The entry the wizard publishes: set up, enabled and public. A contact detail the owner chose not
 * to show is left out of the listing (the entry has no "shown" switch of its own).
 */
export function entryOfSetup(entry: DirectoryDraft, form: SetupForm): DirectoryDraft {
  return {
    ...entry,
    setupComplete: true,
    portalEnabled: 'y',
    isPublic: 'y',
    uniqueUrl: form.urlHandle.trim(),
    logo: form.logo,
    banner: form.coverImage,
    businessName: form.businessName,
    summary: form.businessDescription,
    telephone: form.showContactNumber ? form.contactNumber : '',
    email: form.showEmailAddress ? form.emailAddress : '',
    addressDescription: form.showBusinessAddress ? form.businessAddress : '',
  };
}
