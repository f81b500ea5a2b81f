import '../strings.ts';
import { Check, Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/form';
import { useHandleCheck } from './check-handle';

/** The portal's public address for a handle (spec 002 section 9: a fixed host path plus the handle). */
export const portalUrl = (handle: string) => `${window.location.origin}/portal/${handle}`;

/**
 * The URL handle, checked as typed (unique across accounts): a tick when free or already this
 * business's, else why not. `onCheck` tells the form whether it may go on.
 */
export function HandleField({
  value,
  onChange,
  onCheck,
}: {
  value: string;
  onChange: (handle: string) => void;
  onCheck?: (available: boolean | undefined) => void;
}) {
  const { t } = useTranslation();
  const check = useHandleCheck(value);
  const available = check?.available;
  useEffect(() => onCheck?.(available), [available, onCheck]);
  return (
    <div className="flex flex-col gap-1.5 text-sm">
      <label htmlFor="portal-handle" className="font-medium">
        {t('setup.url-handle')}
      </label>
      <div className="relative">
        <input
          id="portal-handle"
          className={inputClass}
          value={value}
          maxLength={40}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={check?.available === false}
          aria-describedby="portal-handle-status"
          onChange={(e) => onChange(e.target.value.toLowerCase().replace(/\s+/g, '-'))}
        />
        <span className="absolute inset-y-0 right-3 flex items-center" aria-hidden>
          {value && !check && <Loader2 className="size-4 animate-spin text-muted-foreground" />}
          {check?.available && <Check className="size-4 text-green-600" />}
        </span>
      </div>
      <span id="portal-handle-status" role="status" className="text-xs">
        {check?.available === false && check.code ? (
          <span className="text-destructive">{t(check.code)}</span>
        ) : check?.available ? (
          <span className="text-muted-foreground">
            {t('setup.url-available', { url: portalUrl(value.trim()) })}
          </span>
        ) : (
          <span className="text-muted-foreground">{t('setup.url-handle-hint')}</span>
        )}
      </span>
    </div>
  );
}
