import { z } from 'zod';
import { Id } from '../entity.ts';
import { RequiredText, TrimmedText } from '../text.ts';

/**
 * A person to ring at a supplier. The spec stores `contactIds` (spec 002 section 3) but names no
 * contact entity, so a supplier's contacts live on it: a name and the ways to reach them.
 */
export const SupplierContact = z.object({
  name: RequiredText('supplier-form.contact-name-required', 100),
  email: TrimmedText(254).default(''),
  phone: TrimmedText(40).default(''),
});
export type SupplierContact = z.infer<typeof SupplierContact>;

/** Spec 002 section 3 (Supplier: name, notes, contacts); notes at most 255 (spec 001 section 9). */
export const SupplierFields = z.object({
  name: RequiredText('supplier-form.name-required', 100),
  notes: TrimmedText(255).default(''),
  contacts: z.array(SupplierContact).max(20).default([]),
});

export const Supplier = SupplierFields.extend({ _id: Id });
export type Supplier = z.infer<typeof Supplier>;

/** Spec 002 section 5: names are unique case-insensitively after trimming. */
export const sameSupplierName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The supplier another one's name clashes with (itself excluded on edit), if any. */
export const duplicateOf = (suppliers: readonly Supplier[], name: string, exceptId?: string) =>
  suppliers.find((s) => s._id !== exceptId && sameSupplierName(s.name, name));

/** Spec 002 section 9: a supplier's recent transactions cover the last year, 10 rows. */
export const RECENT_DAYS = 365;
export const RECENT_ROWS = 10;
