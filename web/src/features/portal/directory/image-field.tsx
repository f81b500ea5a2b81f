import '../strings.ts';
import { ImagePlus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass, secondaryButtonClass } from '../../../components/form';
import { ImageLibraryDialog } from '../../../components/images/image-library-dialog';
import { portalImageProblem } from './portal-image';

/**
 * A portal image (logo, banner): picked from the image library, whose addresses anyone can open,
 * or a public web address. What the page cannot show is refused at once (spec 002 section 5):
 * not a public web address `attachment.must-be-public`, not an image `attachment.must-be-selected`.
 */
export function ImageField({
  label,
  value,
  onChange,
  onProblem,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  /** The field's problem as a message key (undefined when none), so the form can hold Save. */
  onProblem?: (key: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const [library, setLibrary] = useState(false);
  const [broken, setBroken] = useState<string>();
  const problem =
    portalImageProblem(value) ?? (broken === value && value ? 'attachment.must-be-selected' : undefined);
  const set = (url: string) => {
    onChange(url);
    onProblem?.(portalImageProblem(url));
  };
  const id = `portal-image-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="flex flex-col gap-1.5 text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <div className="flex items-center gap-2">
        {value && !problem && (
          <img
            src={value}
            alt=""
            className="size-10 shrink-0 rounded border object-cover"
            onError={() => {
              setBroken(value);
              onProblem?.('attachment.must-be-selected');
            }}
          />
        )}
        <input
          id={id}
          className={inputClass}
          value={value}
          placeholder="https://"
          aria-invalid={!!problem}
          onChange={(e) => set(e.target.value.trim())}
        />
        <button type="button" className={secondaryButtonClass} onClick={() => setLibrary(true)}>
          <ImagePlus className="size-4" aria-hidden />
          {t('portal-settings.choose-image')}
        </button>
        {value && (
          <button
            type="button"
            className={secondaryButtonClass}
            aria-label={t('portal-settings.remove-image', { name: label })}
            onClick={() => set('')}
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </div>
      {problem && (
        <span role="alert" className="text-xs text-destructive">
          {t(problem)}
        </span>
      )}
      <ImageLibraryDialog
        open={library}
        onOpenChange={setLibrary}
        onPick={(image) => {
          set(image.url);
          setLibrary(false);
        }}
      />
    </div>
  );
}
