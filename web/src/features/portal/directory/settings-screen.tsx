import '../strings.ts';
import type { Services } from '@roundwise/core';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Field, inputClass, secondaryButtonClass } from '../../../components/form';
import { Switch } from '../../../components/ui/switch';
import { errorText } from '../../../lib/errors';
import { useMe } from '../../../lib/me';
import { useEntityList } from '../../../lib/sync/hooks';
import { toast } from '../../../lib/toast';
import { AdvertisedServices } from './advertised-services';
import { useDirectory } from './directory-draft';
import { EmbedSnippet } from './embed-snippet';
import { HandleField } from './handle-field';
import { ImageField } from './image-field';
import { portalFlagOn } from './portal-flag';
import { PrepayOptions } from './prepay-options';
import { TextOverrides } from './text-overrides';
import { ThemeEditor } from './theme-editor';

/**
 * `/portal-directory/settings` (spec 002 section 2.5): collapsible sections General, Listing
 * Information, Advertised Services (when a service has quote questions, or the flag), Theme (the
 * theme editor: it styles the listing, so it sits with the listing's settings), Other, and
 * Developer (developer mode: Migrate to V2). Every change goes into the shared draft; the bar's
 * Save sends it. 'Unpublish Portal' saves at once.
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const directory = useDirectory();
  const { draft, change } = directory;
  const services = useEntityList<Services.Service>('service');
  const set = (fields: Partial<typeof draft>) => change((d) => ({ ...d, ...fields }));
  const setConfig = (fields: Partial<typeof draft.config>) =>
    change((d) => ({ ...d, config: { ...d.config, ...fields } }));
  const withQuestions = services.filter((s) => s.quoteQuestions.length > 0);
  const unpublish = async () => {
    try {
      await directory.save({ ...draft, portalEnabled: 'n' });
      toast.success(t('portal-settings.unpublished'));
    } catch (error) {
      toast.error(t('portal-settings.unpublish-failed'), { description: errorText(t, error) });
    }
  };
  const published = draft.portalEnabled === 'y';
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-3">
      <Section title={t('portal-settings.general')} open>
        <div className="flex items-center justify-between gap-4">
          <label htmlFor="portal-enabled" className="text-sm">
            <span className="font-medium">{t('portal-settings.enable-portal')}</span>
            <span className="block text-xs text-muted-foreground">
              {t('portal-settings.enable-portal-hint')}
            </span>
          </label>
          <Switch
            id="portal-enabled"
            checked={published && draft.isPublic === 'y'}
            // The enable toggle sets both together (spec 002 section 4).
            onCheckedChange={(on) => set({ portalEnabled: on ? 'y' : 'n', isPublic: on ? 'y' : 'n' })}
          />
        </div>
        <HandleField value={draft.uniqueUrl} onChange={(uniqueUrl) => set({ uniqueUrl })} />
        <div className="flex items-center justify-between gap-4">
          <label htmlFor="portal-dense" className="text-sm font-medium">
            {t('portal-settings.dense')}
          </label>
          <Switch
            id="portal-dense"
            checked={draft.config.dense}
            onCheckedChange={(dense) => setConfig({ dense })}
          />
        </div>
        {directory.saved?.uniqueUrl && <EmbedSnippet handle={directory.saved.uniqueUrl} />}
      </Section>

      <Section title={t('portal-settings.listing')}>
        <Field label={t('setup.business-name')}>
          <input
            className={inputClass}
            value={draft.businessName}
            maxLength={120}
            onChange={(e) => set({ businessName: e.target.value })}
          />
        </Field>
        <Field label={t('setup.business-description')}>
          <textarea
            className={`${inputClass} h-auto py-2`}
            rows={4}
            maxLength={2000}
            value={draft.summary}
            onChange={(e) => set({ summary: e.target.value })}
          />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('setup.contact-number')}>
            <input
              type="tel"
              className={inputClass}
              value={draft.telephone}
              onChange={(e) => set({ telephone: e.target.value })}
            />
          </Field>
          <Field label={t('setup.email-address')}>
            <input
              type="email"
              className={inputClass}
              value={draft.email}
              onChange={(e) => set({ email: e.target.value })}
            />
          </Field>
        </div>
        <Field label={t('setup.business-address')}>
          <input
            className={inputClass}
            value={draft.addressDescription}
            onChange={(e) => set({ addressDescription: e.target.value })}
          />
        </Field>
        <ImageField label={t('setup.logo')} value={draft.logo} onChange={(logo) => set({ logo })} />
        <ImageField
          label={t('setup.cover-image')}
          value={draft.banner}
          onChange={(banner) => set({ banner })}
        />
      </Section>

      {(withQuestions.length > 0 || portalFlagOn()) && (
        <Section title={t('portal-settings.advertised-services')}>
          <AdvertisedServices
            services={withQuestions}
            value={draft.services}
            onChange={(s) => set({ services: s })}
          />
        </Section>
      )}

      <Section title={t('portal-settings.theme')}>
        <ThemeEditor />
      </Section>

      <Section title={t('portal-settings.other')}>
        <TextOverrides value={draft.config.text} onChange={(text) => setConfig({ text })} />
        <PrepayOptions
          options={draft.config.prepayOptions}
          cardKey={draft.stripePublishableKey ?? ''}
          onOptions={(prepayOptions) => setConfig({ prepayOptions })}
          onCardKey={(key) => set({ stripePublishableKey: key || undefined })}
        />
        <div className="flex items-center justify-between gap-4">
          <label htmlFor="portal-text-debug" className="text-sm font-medium">
            {t('portal-settings.text-debug')}
          </label>
          <Switch
            id="portal-text-debug"
            checked={draft.config.textDebug}
            onCheckedChange={(textDebug) => setConfig({ textDebug })}
          />
        </div>
        <button
          type="button"
          className={`${secondaryButtonClass} self-start text-destructive`}
          disabled={!published || directory.saving}
          onClick={unpublish}
        >
          {t('portal.unpublish')}
        </button>
      </Section>

      {me.developerMode && (
        <Section title={t('portal-settings.developer')}>
          <p className="text-sm text-muted-foreground">{t('portal-settings.migrate-v2-hint')}</p>
          <button
            type="button"
            className={`${buttonClass} self-start`}
            disabled={draft.config.migrateToV2}
            onClick={() => setConfig({ migrateToV2: true })}
          >
            {draft.config.migrateToV2 ? t('portal-settings.migrated-v2') : t('portal-settings.migrate-v2')}
          </button>
        </Section>
      )}
    </div>
  );
}

/** A collapsible section: the browser's own disclosure, so it works with no script of ours. */
function Section({ title, open, children }: { title: string; open?: boolean; children: ReactNode }) {
  return (
    <details open={open} className="group rounded-lg border bg-card text-card-foreground shadow-xs">
      <summary className="flex cursor-pointer list-none items-center justify-between p-4 font-medium">
        <h2>{title}</h2>
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <div className="flex flex-col gap-4 border-t p-4">{children}</div>
    </details>
  );
}
