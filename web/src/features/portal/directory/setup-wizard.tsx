import '../strings.ts';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card, Field, inputClass, secondaryButtonClass } from '../../../components/form';
import { Checkbox } from '../../../components/ui/checkbox';
import { errorText } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useDirectory } from './directory-draft';
import { HandleField, portalUrl } from './handle-field';
import { ImageField } from './image-field';
import { ListingPreview } from './listing-preview';
import { portalImageProblem } from './portal-image';
import { entryOfSetup, type SetupForm, setupOfEntry, stepReady } from './setup-form';

const STEPS = ['setup.step-getting-started', 'setup.step-listing', 'setup.step-preview'] as const;

/**
 * `/portal-directory/setup` (spec 002 section 2.5): 1 Getting Started (terms, URL handle), 2 Listing
 * Information, 3 Preview and Publish. Next waits for each step's rules (`stepReady`); Publish
 * saves with `setupComplete`, published, and goes to `/portal-directory`.
 */
export function SetupWizard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const directory = useDirectory();
  const [form, setForm] = useState<SetupForm>(() => setupOfEntry(directory.draft));
  const [step, setStep] = useState(0);
  const [handleFree, setHandleFree] = useState<boolean | undefined>();
  const set = (change: Partial<SetupForm>) => setForm((f) => ({ ...f, ...change }));
  const imagesOk = !portalImageProblem(form.logo) && !portalImageProblem(form.coverImage);
  const ready = stepReady(step, form) && (step !== 0 || handleFree !== false) && (step !== 1 || imagesOk);
  const publish = async () => {
    try {
      await directory.save(entryOfSetup(directory.draft, form));
      void navigate({ to: '/portal-directory' });
    } catch (error) {
      toast.error(t('setup.publish-failed'), { description: errorText(t, error) });
    }
  };
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <ol className="flex gap-2 text-sm" aria-label={t('setup.steps')}>
        {STEPS.map((key, i) => (
          <li
            key={key}
            aria-current={i === step ? 'step' : undefined}
            className={`flex-1 border-b-2 pb-1 ${i <= step ? 'border-primary font-medium' : 'border-muted text-muted-foreground'}`}
          >
            {i + 1}. {t(key)}
          </li>
        ))}
      </ol>
      <Card className="flex flex-col gap-4">
        <h2 className="text-lg font-semibold">{t(STEPS[step]!)}</h2>
        {step === 0 && (
          <>
            <p className="text-sm text-muted-foreground">{t('setup.intro')}</p>
            <HandleField
              value={form.urlHandle}
              onChange={(urlHandle) => set({ urlHandle })}
              onCheck={setHandleFree}
            />
            <div className="flex items-start gap-2 text-sm">
              <Checkbox
                id="portal-terms"
                checked={form.termsAccepted}
                onCheckedChange={(v) => set({ termsAccepted: v === true })}
              />
              <label htmlFor="portal-terms">{t('setup.accept-terms')}</label>
            </div>
          </>
        )}
        {step === 1 && (
          <>
            <ImageField label={t('setup.logo')} value={form.logo} onChange={(logo) => set({ logo })} />
            <ImageField
              label={t('setup.cover-image')}
              value={form.coverImage}
              onChange={(coverImage) => set({ coverImage })}
            />
            <Field label={t('setup.business-name')}>
              <input
                className={inputClass}
                value={form.businessName}
                maxLength={120}
                onChange={(e) => set({ businessName: e.target.value })}
              />
            </Field>
            <Field label={t('setup.business-description')}>
              <textarea
                className={`${inputClass} h-auto py-2`}
                rows={4}
                maxLength={2000}
                value={form.businessDescription}
                onChange={(e) => set({ businessDescription: e.target.value })}
              />
            </Field>
            <ShownField
              label={t('setup.contact-number')}
              type="tel"
              value={form.contactNumber}
              shown={form.showContactNumber}
              onChange={(contactNumber, showContactNumber) => set({ contactNumber, showContactNumber })}
            />
            <ShownField
              label={t('setup.email-address')}
              type="email"
              value={form.emailAddress}
              shown={form.showEmailAddress}
              onChange={(emailAddress, showEmailAddress) => set({ emailAddress, showEmailAddress })}
            />
            <ShownField
              label={t('setup.business-address')}
              type="text"
              value={form.businessAddress}
              shown={form.showBusinessAddress}
              onChange={(businessAddress, showBusinessAddress) =>
                set({ businessAddress, showBusinessAddress })
              }
            />
          </>
        )}
        {step === 2 && (
          <>
            <p className="text-sm text-muted-foreground">
              {t('setup.preview-intro', { url: portalUrl(form.urlHandle.trim()) })}
            </p>
            <ListingPreview entry={entryOfSetup(directory.draft, form)} />
          </>
        )}
      </Card>
      <div className="flex justify-between gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={step === 0}
          onClick={() => setStep((s) => s - 1)}
        >
          {t('setup.back')}
        </button>
        {step < 2 ? (
          <button
            type="button"
            className={buttonClass}
            disabled={!ready}
            onClick={() => setStep((s) => s + 1)}
          >
            {t('setup.next')}
          </button>
        ) : (
          <button type="button" className={buttonClass} disabled={directory.saving} onClick={publish}>
            {t('setup.publish')}
          </button>
        )}
      </div>
    </div>
  );
}

/** A contact detail and whether the listing shows it. */
function ShownField({
  label,
  type,
  value,
  shown,
  onChange,
}: {
  label: string;
  type: 'tel' | 'email' | 'text';
  value: string;
  shown: boolean;
  onChange: (value: string, shown: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = `setup-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="flex flex-col gap-1.5 text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        type={type}
        className={inputClass}
        value={value}
        onChange={(e) => onChange(e.target.value, shown)}
      />
      <span className="flex items-center gap-2 text-xs">
        <Checkbox id={`${id}-shown`} checked={shown} onCheckedChange={(v) => onChange(value, v === true)} />
        <label htmlFor={`${id}-shown`}>{t('setup.show-on-listing', { name: label })}</label>
      </span>
    </div>
  );
}
