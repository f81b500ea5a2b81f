import type { Store } from '../store/store.ts';
import type { Campaign } from './schema.ts';

/**
 * Spec 002 section 4, "Cascades": a deleted customer leaves the campaigns' exclude lists (an
 * audience's members are computed, so they leave those by themselves).
 */
export async function forgetCustomerInCampaigns(store: Store, customerId: string) {
  for (const c of await store.list<Campaign>('campaign')) {
    if (!c.excludeList.includes(customerId)) continue;
    await store.put<Campaign>('campaign', {
      ...c,
      excludeList: c.excludeList.filter((id) => id !== customerId),
    });
  }
}

/** Spec 002 section 4: deleting a template clears it from the campaigns that use it. */
export async function clearTemplateFromCampaigns(store: Store, templateId: string) {
  for (const c of await store.list<Campaign>('campaign')) {
    if (c.templateId !== templateId) continue;
    const { templateId: _cleared, ...rest } = c;
    await store.put<Campaign>('campaign', rest);
  }
}
